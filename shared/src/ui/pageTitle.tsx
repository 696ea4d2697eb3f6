import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';

interface PageTitleState {
  /** The current screen's name, as the shell's route table calls it. */
  title: string;
  /** True while a screen's own header shows the title (so the shell's header does not repeat it). */
  shownByScreen: boolean;
  /** A screen's header takes the title; the returned function gives it back (on unmount). */
  take: () => () => void;
}

const PageTitleContext = createContext<PageTitleState | null>(null);

/**
 * The shell hands the current screen's title to whatever renders inside it. A screen whose card has a
 * header (`PageHeader`) shows the title there, beside its primary action; any other screen (a loading or
 * failed remote, a not-found path) leaves it to the shell's header, so every page has exactly one h1.
 */
export function PageTitleProvider({ title, children }: { title: string; children: ReactNode }) {
  const [takers, setTakers] = useState(0);
  const take = useCallback(() => {
    setTakers((count) => count + 1);
    return () => setTakers((count) => count - 1);
  }, []);
  const value = useMemo(() => ({ title, shownByScreen: takers > 0, take }), [title, takers, take]);
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

/** The title and whether a screen shows it (for the shell's header). */
export function usePageTitle(): { title: string; shownByScreen: boolean } {
  const state = useContext(PageTitleContext);
  return { title: state?.title ?? '', shownByScreen: state?.shownByScreen ?? false };
}

/** A screen's header takes the shell's title for as long as it is mounted; returns that title. */
export function useTakePageTitle(): string {
  const state = useContext(PageTitleContext);
  const take = state?.take;
  // Before paint: the title never shows in both places, nor in neither.
  useLayoutEffect(() => take?.(), [take]);
  return state?.title ?? '';
}
