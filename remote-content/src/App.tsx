import { Routes } from 'react-router-dom';

/**
 * The content remote (books, Bible plan, streams, reflections). It is built, registered and
 * prefetched with the others; its screens arrive with their issues and declare their paths in
 * remotes.json then.
 */
export default function App() {
  return <Routes />;
}
