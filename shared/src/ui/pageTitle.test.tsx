import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { PageHeader, SectionHeader } from './layout';
import { NotLoadedScreen } from './LoadState';
import { PageTitleProvider, usePageTitle } from './pageTitle';
import { theme } from './theme';

/** What the shell's header does: names the screen unless the screen's card does. */
function ShellHeader() {
  const { title, shownByScreen } = usePageTitle();
  return <header>{!shownByScreen && <h1>{title}</h1>}</header>;
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <PageTitleProvider title="BookShelf">
        <ShellHeader />
        <main>{children}</main>
      </PageTitleProvider>
    </ThemeProvider>
  );
}

describe('the page title', () => {
  it("is the card's h1, beside the screen's actions, and only there", () => {
    render(
      <Shell>
        <PageHeader actions={<button type="button">Add New Book</button>} />
        <SectionHeader title="Books" />
      </Shell>,
    );
    const titles = screen.getAllByRole('heading', { level: 1 });
    expect(titles).toHaveLength(1);
    expect(titles[0]).toHaveTextContent('BookShelf');
    expect(titles[0].closest('header')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Books' })).toBeInTheDocument();
  });

  it("stays in the shell's header while no screen shows it, and comes back when the screen goes", async () => {
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown(false)}>
            Leave
          </button>
          {shown && <PageHeader title="The Confessions" />}
        </>
      );
    }
    render(
      <Shell>
        <Toggle />
      </Shell>,
    );
    // A details screen names its record; the screen's name is not repeated above it.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The Confessions');
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('BookShelf');
  });

  it("holds a record's spinner and its failure in the card under the title, as the loaded screen will", () => {
    const missing = <p>Book not found.</p>;
    const { rerender } = render(
      <Shell>
        <NotLoadedScreen load={{ data: undefined, loading: true, error: null, reload: () => {} }} missing={missing} />
      </Shell>,
    );
    // As on every screen, the title sits on the page above its card, never inside it.
    const card = () => {
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.closest('section')).toBeNull();
      return document.querySelector('section');
    };
    expect(card()).toContainElement(screen.getByRole('status', { name: 'Loading' }));
    rerender(
      <Shell>
        <NotLoadedScreen
          load={{
            data: undefined,
            loading: false,
            error: { message: 'The server could not be reached.' },
            reload: () => {},
          }}
          missing={missing}
          what="This book"
        />
      </Shell>,
    );
    expect(card()).toContainElement(screen.getByRole('alert'));
    expect(screen.getByRole('alert')).toHaveTextContent('This book could not be loaded.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
