// Test helpers for every workspace's jest suites ('shared/testing'); never bundled into an app.
export { stubApi, type StubbedCall, type StubHandler } from './apiStub';
export { expectScreensTakeTheirEarlyReads } from './earlyReads';
export { renderRoutes, signIn } from './render';
export { computedColour, isDangerColoured, lookOf, rowActionLook } from './look';
export { chooseExport, watchDownloads, type Download } from './downloads';
