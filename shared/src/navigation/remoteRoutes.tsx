import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';

/** One screen for each path. */
export type Screens<Path extends string> = { readonly [P in Path]: ReactElement };

/**
 * A remote's routes from the paths of its routes.json (its generated `src/routes.ts` makes this one
 * call): the paths as given, `screensFor`, which takes exactly one screen for each path — a path without
 * a screen, or a screen for a path the table does not declare, fails the typecheck — and `routesOf`,
 * the `<Route>`s of those screens at their paths.
 */
export function remoteRoutes<const Paths extends readonly string[]>(routePaths: Paths) {
  type Path = Paths[number];
  return {
    routePaths,
    screensFor<const S extends Screens<Path>>(
      screens: S & { readonly [K in Exclude<keyof S, Path>]: never },
    ): Screens<Path> {
      return screens;
    },
    /** A `<Route>` for each of `paths` (all of them unless given), showing its screen. */
    routesOf(screens: Screens<Path>, paths: readonly Path[] = routePaths): ReactElement[] {
      return paths.map((path) => <Route key={path} path={path} element={screens[path]} />);
    },
  };
}
