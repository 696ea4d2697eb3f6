import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import * as yup from 'yup';
import { rememberParish } from '../parish/parish';
import { session } from '../session/session';
import { signIn, stubApi } from '../testing';
import { AppProviders } from '../providers/AppProviders';
import { Modal } from '../ui/Modal';
import { DateField, type WeekStart } from './DateField';

function renderDate({ date = '', weekStart }: { date?: string; weekStart?: WeekStart } = {}) {
  const submit = jest.fn();
  render(
    <AppProviders>
      <Formik
        initialValues={{ date }}
        validationSchema={yup.object({ date: yup.string().required('Date is required') })}
        onSubmit={(values) => submit(values)}
      >
        {({ handleSubmit, touched }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DateField name="date" label="Date" weekStart={weekStart} />
            <p>{touched.date ? 'Date touched' : 'Date untouched'}</p>
            <button type="submit">Save</button>
          </form>
        )}
      </Formik>
    </AppProviders>,
  );
  return {
    submit,
    input: screen.getByLabelText('Date'),
    choose: screen.getByRole('button', { name: 'Choose date for Date' }),
  };
}

const focusedDay = () => document.activeElement as HTMLElement;

/** Opens the calendar and waits for its month (the grid loads with the first calendar opened). */
async function openCalendar(choose: HTMLElement) {
  await userEvent.click(choose);
  return screen.findByRole('grid');
}

describe('DateField: the calendar beside the typed date', () => {
  it('opens a dialog with the field’s month, its day selected and focused', async () => {
    const { choose } = renderDate({ date: '2026-01-05' });
    expect(choose).toHaveAttribute('aria-expanded', 'false');
    await openCalendar(choose);
    const dialog = screen.getByRole('dialog', { name: 'Choose date for Date' });
    expect(choose).toHaveAttribute('aria-expanded', 'true');
    const grid = within(dialog).getByRole('grid', { name: 'January 2026' });
    const selected = within(grid).getByRole('gridcell', { selected: true });
    expect(selected).toHaveTextContent('5');
    expect(focusedDay()).toHaveAccessibleName('Monday, 5 January 2026, selected');
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByRole('grid', { name: 'February 2026' })).toBeInTheDocument();
  });

  it('picking a day writes dd/mm/yyyy, marks the field touched and gives focus back', async () => {
    const { input, choose, submit } = renderDate({ date: '2026-01-05' });
    expect(screen.getByText('Date untouched')).toBeInTheDocument();
    await openCalendar(choose);
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, 20 January 2026' }));
    expect(input).toHaveValue('20/01/2026');
    expect(screen.getByText('Date touched')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(choose).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ date: '2026-01-20' }));
  });

  it('going from the empty field to its calendar does not say the date is required yet', async () => {
    const { input, choose } = renderDate();
    await userEvent.click(input);
    await openCalendar(choose);
    expect(screen.getByText('Date untouched')).toBeInTheDocument();
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
    // Leaving the field as a whole: now it says so.
    await userEvent.tab();
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
  });

  it('moves by day, week and month with the keys, and Enter picks', async () => {
    const { input, choose } = renderDate({ date: '2026-01-14' });
    await openCalendar(choose);
    expect(focusedDay()).toHaveAccessibleName('Wednesday, 14 January 2026, selected');
    await userEvent.keyboard('{ArrowRight}');
    expect(focusedDay()).toHaveAccessibleName('Thursday, 15 January 2026');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(focusedDay()).toHaveAccessibleName('Tuesday, 13 January 2026');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedDay()).toHaveAccessibleName('Tuesday, 20 January 2026');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(focusedDay()).toHaveAccessibleName('Tuesday, 6 January 2026');
    await userEvent.keyboard('{Home}');
    expect(focusedDay()).toHaveAccessibleName('Monday, 5 January 2026');
    await userEvent.keyboard('{End}');
    expect(focusedDay()).toHaveAccessibleName('Sunday, 11 January 2026');
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('grid', { name: 'February 2026' })).toBeInTheDocument();
    expect(focusedDay()).toHaveAccessibleName('Wednesday, 11 February 2026');
    await userEvent.keyboard('{PageUp}{PageUp}');
    expect(screen.getByRole('grid', { name: 'December 2025' })).toBeInTheDocument();
    expect(focusedDay()).toHaveAccessibleName('Thursday, 11 December 2025');
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('11/12/2025');
    expect(choose).toHaveFocus();
  });

  it('starts the week on the given day, Monday unless told', async () => {
    const { choose } = renderDate({ date: '2026-01-14', weekStart: 0 });
    await openCalendar(choose);
    const headers = within(screen.getByRole('grid')).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('aria-label'))).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    // Home goes to the week's first day: Sunday here.
    await userEvent.keyboard('{Home}');
    expect(focusedDay()).toHaveAccessibleName('Sunday, 11 January 2026');
  });

  it("starts the week on the parish's first day when the screen gives none", async () => {
    signIn();
    stubApi({});
    // As Settings → Parish leaves it: known to every screen at once.
    rememberParish({ name: 'St Joseph', currency: 'NGN', timeZone: 'UTC', weekStart: 6 });
    try {
      const { choose } = renderDate({ date: '2026-01-14' });
      await openCalendar(choose);
      const grid = screen.getByRole('grid');
      await waitFor(() =>
        expect(within(grid).getAllByRole('columnheader')[0]).toHaveAttribute('aria-label', 'Saturday'),
      );
      await userEvent.keyboard('{Home}');
      expect(focusedDay()).toHaveAccessibleName('Saturday, 10 January 2026');
    } finally {
      act(() => session.clear());
    }
  });

  it('starts on Monday by default', async () => {
    const { choose } = renderDate({ date: '2026-01-14' });
    await openCalendar(choose);
    const headers = within(screen.getByRole('grid')).getAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-label', 'Monday');
    expect(headers[6]).toHaveAttribute('aria-label', 'Sunday');
  });

  it('Escape closes it without a change and gives the focus back to the button', async () => {
    const { input, choose } = renderDate({ date: '2026-01-14' });
    await openCalendar(choose);
    await userEvent.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(choose).toHaveFocus();
    expect(input).toHaveValue('14/01/2026');
    expect(screen.getByText('Date untouched')).toBeInTheDocument();
  });

  it('an empty field opens on today, marked and focused', async () => {
    const { choose } = renderDate();
    await openCalendar(choose);
    const today = new Date();
    const month = today.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
    expect(screen.getByRole('grid', { name: month })).toBeInTheDocument();
    expect(focusedDay().getAttribute('aria-label')).toMatch(/^Today, /);
    expect(focusedDay().closest('td')).toHaveAttribute('data-today', 'true');
    expect(screen.queryByRole('gridcell', { selected: true })).not.toBeInTheDocument();
  });

  it('typing still works, and the calendar opens on the typed day', async () => {
    const { input, choose, submit } = renderDate();
    await userEvent.type(input, '03/03/2026');
    expect(input).toHaveValue('03/03/2026');
    await openCalendar(choose);
    expect(screen.getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();
    expect(focusedDay()).toHaveAccessibleName('Tuesday, 3 March 2026, selected');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ date: '2026-03-03' }));
  });

  it('a typed date that is not one keeps its message, and the calendar opens on today', async () => {
    const { input, choose } = renderDate();
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(await screen.findByText('31/02/2026 is not a date: February 2026 has 28 days')).toBeInTheDocument();
    await openCalendar(choose);
    expect(focusedDay().getAttribute('aria-label')).toMatch(/^Today, /);
  });

  it('a press outside closes it; Tab stays inside while it is open', async () => {
    const { choose } = renderDate({ date: '2026-01-14' });
    await openCalendar(choose);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(focusedDay());
    }
    await userEvent.click(screen.getByText('Date untouched'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape in a dialog’s form closes only the calendar', async () => {
    const onClose = jest.fn();
    render(
      <AppProviders>
        <Modal title="Add Mass" onClose={onClose}>
          <Formik initialValues={{ date: '2026-01-14' }} onSubmit={jest.fn()}>
            <form>
              <DateField name="date" label="Date" />
            </form>
          </Formik>
        </Modal>
      </AppProviders>,
    );
    const choose = screen.getByRole('button', { name: 'Choose date for Date' });
    await openCalendar(choose);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Choose date for Date' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Mass' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(choose).toHaveFocus();
  });
});
