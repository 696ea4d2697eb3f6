import { useField } from 'formik';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { formatDate, parseDate } from '../format/date';
import { keepFocusIn } from '../ui/focus';
import { visuallyHidden } from '../ui/visuallyHidden';
import { LabelledField } from './Field';
import type { WeekStart } from './DateCalendar';
import { Input } from './FieldFrame';

export type { WeekStart };

// The month grid (react-day-picker and date-fns) loads with the first calendar opened, not with
// every form: a press or a focus on the button starts it.
const loadCalendar = () => import('./DateCalendar');
const DateCalendar = lazy(loadCalendar);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date field's own check: what is typed and not yet a day is said to be wrong (empty is the schema's). */
const checkDate = (value: unknown) =>
  typeof value === 'string' && value !== '' && !ISO_DAY.test(value)
    ? (parseDate(value) as { error: string }).error
    : undefined;

/**
 * What is typed, tidied: the slash after the day and the month goes in as the digits come, a typed
 * slash right after one is not doubled, and eight digits are read as ddmmyyyy.
 */
function tidyDate(typed: string, before: string): string {
  let text = typed.replace(/\/{2,}/g, '/');
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (digits) return `${digits[1]}/${digits[2]}/${digits[3]}`;
  if (text.length > before.length && /^(\d{2}|\d{1,2}\/\d{2})$/.test(text)) text += '/';
  return text;
}

const Control = styled.div`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  & > input {
    flex: 1;
    min-width: 0;
  }
`;

const CalendarButton = styled.button`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  min-height: 40px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primary};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.page};
  }
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.color.focus};
    background: ${({ theme }) => theme.color.primarySoft};
  }
`;

/** The calendar's popover, drawn with the theme (none of the library's own style sheet). */
const Popover = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  right: 0;
  z-index: 20;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 12px 28px rgba(16, 24, 40, 0.18);
  color: ${({ theme }) => theme.color.text};

  .rdp-month {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    row-gap: ${({ theme }) => theme.space(1)};
  }
  .rdp-month_caption {
    text-align: center;
    font-weight: 600;
  }
  .rdp-month_grid {
    grid-column: 1 / -1;
    border-collapse: collapse;
  }
  .rdp-button_previous,
  .rdp-button_next {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    padding: 0;
    border: 1px solid transparent;
    border-radius: ${({ theme }) => theme.radius};
    background: none;
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.color.page};
    }
  }
  .rdp-chevron {
    width: 20px;
    height: 20px;
    fill: ${({ theme }) => theme.color.primary};
  }
  .rdp-weekday {
    padding: ${({ theme }) => theme.space(1)} 0;
    color: ${({ theme }) => theme.color.muted};
    font-size: ${({ theme }) => theme.font.size.small};
    font-weight: 600;
    text-align: center;
  }
  .rdp-day {
    width: 40px;
    height: 40px;
    padding: 1px;
    text-align: center;
  }
  .rdp-day_button {
    width: 100%;
    height: 100%;
    padding: 0;
    border: 1px solid transparent;
    border-radius: ${({ theme }) => theme.radius};
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.color.primarySoft};
    }
  }
  .rdp-today .rdp-day_button {
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primary};
    font-weight: 700;
  }
  .rdp-selected .rdp-day_button,
  .rdp-selected .rdp-day_button:hover {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    color: #fff;
    font-weight: 700;
  }
`;

// The button's name is its (unseen) text, not an aria-label: a search by label for the field's own
// label ('Date') finds the field alone.
const Unseen = styled.span`
  ${visuallyHidden}
`;

const Loading = styled.p`
  width: 264px;
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
  text-align: center;
`;

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2a1 1 0 0 1 1 1v1h8V3a1 1 0 1 1 2 0v1h1a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3h1V3a1 1 0 0 1 1-1Zm13 8H4v9a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-9ZM8 13a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm4 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm4 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"
      />
    </svg>
  );
}

export interface DateFieldProps {
  name: string;
  label: string;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
  /** The first column of the calendar; the parish's first day of the week unless the screen says. */
  weekStart?: WeekStart;
}

/**
 * A day, shown and typed as dd/mm/yyyy whatever the browser's language (a native date input follows
 * it: mm/dd/yyyy in en-US). The form's value is `YYYY-MM-DD` once the text is a day of the calendar,
 * and the text itself until then, so that what was typed stays and the field says what is wrong
 * ('31/02/2026 is not a date: February 2026 has 28 days'); the schema only requires it.
 *
 * Beside it, "Choose date" opens a month's calendar as a dialog (the WAI-ARIA date picker dialog):
 * arrows move by day and week, Page Up/Down by month, Home/End to the week's ends, Enter picks,
 * Escape closes; focus goes back to the button. Its weeks start on the parish's first day.
 */
export function DateField({ name, label, hint, placeholder, autoComplete, weekStart }: DateFieldProps) {
  const [field, , helpers] = useField({ name, validate: checkDate });
  const value = typeof field.value === 'string' ? field.value : '';
  const shown = ISO_DAY.test(value) ? formatDate(value) : value;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const dialogId = useId();
  const chooseName = `Choose date for ${label}`;

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  // A press outside the field (not on its button, which toggles) closes the calendar.
  useEffect(() => {
    if (!open) return;
    const onPress = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!popoverRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPress);
    return () => document.removeEventListener('mousedown', onPress);
  }, [open]);

  const pick = (day: string) => {
    void helpers.setTouched(true, false);
    void helpers.setValue(day);
    close(true);
  };

  // Kept here, not passed on: a dialog the field sits in must not close with it, nor take its Tab.
  // On the whole field, so that Escape closes a calendar still loading too.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    const popover = popoverRef.current;
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab' && popover?.contains(document.activeElement)) {
      event.stopPropagation();
      keepFocusIn(popover, event.nativeEvent);
    }
  };

  return (
    <LabelledField name={name} label={label} hint={hint ?? 'dd/mm/yyyy'}>
      {({ id, invalid, describedBy }) => (
        <Control
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void helpers.setTouched(true);
          }}
        >
          <Input
            id={id}
            $invalid={invalid}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            name={field.name}
            value={shown}
            onChange={(event) => {
              const text = tidyDate(event.currentTarget.value, shown);
              const read = parseDate(text);
              void helpers.setValue('date' in read ? read.date : text);
            }}
            onBlur={(event) => {
              // From an empty field to its own calendar is not leaving it: "required" waits for the
              // field as a whole to lose focus (below). Something typed is checked as it is left.
              const toCalendar = event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null);
              if (!toCalendar || shown !== '') field.onBlur(event);
            }}
            type="text"
            inputMode="numeric"
            maxLength={10}
            placeholder={placeholder ?? 'dd/mm/yyyy'}
            autoComplete={autoComplete ?? 'off'}
          />
          <CalendarButton
            ref={buttonRef}
            type="button"
            title="Choose date"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? dialogId : undefined}
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
            onClick={() => setOpen((was) => !was)}
          >
            <CalendarIcon />
            <Unseen>{chooseName}</Unseen>
          </CalendarButton>
          {open && (
            <Popover ref={popoverRef} id={dialogId} role="dialog" aria-modal="true" aria-label={chooseName}>
              <Suspense fallback={<Loading>Loading the calendar…</Loading>}>
                <DateCalendar selected={value} weekStart={weekStart} onPick={pick} />
              </Suspense>
            </Popover>
          )}
        </Control>
      )}
    </LabelledField>
  );
}
