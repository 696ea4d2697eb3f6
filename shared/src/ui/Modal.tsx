import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button } from './Button';
import { keepFocusIn } from './focus';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: rgba(17, 20, 33, 0.45);
`;

const Box = styled.div<{ $wide?: boolean }>`
  width: min(${({ $wide }) => ($wide ? '860px' : '520px')}, 100%);
  max-height: calc(100vh - 32px);
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 20px 40px rgba(16, 24, 40, 0.25);
  padding: ${({ theme }) => theme.space(6)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 1.125rem;
  }
`;

export const ModalActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

interface ModalProps {
  title: string;
  /** A dialog that shows a long text (a version of a record) is wider. */
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Marks inert everything in the page except `keep` (and what contains them): the siblings along the
 * path from <body> down to each kept element. Answers what it marked, to be released.
 */
function inertOutside(keep: Element[]): Element[] {
  const marked: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (keep.includes(child)) continue;
      if (keep.some((kept) => child.contains(kept))) visit(child);
      else if (!child.hasAttribute('inert') && child.tagName !== 'SCRIPT') {
        child.setAttribute('inert', '');
        marked.push(child);
      }
    }
  };
  visit(document.body);
  return marked;
}

/**
 * A modal dialog: Escape or a click outside closes it; focus moves in, stays in (Tab cycles, the page
 * behind is inert) and comes back after.
 */
export function Modal({ title, wide, onClose, children }: ModalProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  // The latest onClose, without re-running the focus effect when the screen passes a new function.
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const backdrop = boxRef.current?.parentElement;
    // The page behind is inert (no focus, no clicks, hidden from assistive technology); the toasts
    // stay live, so a failed save is still announced.
    const released = backdrop ? inertOutside([backdrop, ...document.querySelectorAll('.Toastify')]) : [];
    // The first field still to fill (a sign-in whose email is known starts at the password), else the
    // first control.
    const controls = [...(boxRef.current?.querySelectorAll<HTMLElement>('input, textarea, select, button') ?? [])];
    const typedInto = (control: HTMLElement): control is HTMLInputElement | HTMLTextAreaElement =>
      control instanceof HTMLTextAreaElement ||
      (control instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'hidden'].includes(control.type));
    const empty = controls.find((control) => typedInto(control) && control.value === '');
    (empty ?? controls[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key === 'Tab' && boxRef.current) keepFocusIn(boxRef.current, event);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      for (const element of released) element.removeAttribute('inert');
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <Backdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <Box ref={boxRef} $wide={wide} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Box>
    </Backdrop>,
    document.body,
  );
}

interface ConfirmDialogProps {
  /** The spec's question, e.g. 'Are you sure you want to delete this book?'. */
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A read-only dialog's footer: its one Close. */
export function ModalCloseActions({ onClose }: { onClose: () => void }) {
  return (
    <ModalActions>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </ModalActions>
  );
}

export function ConfirmDialog({ message, confirmLabel = 'Delete', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal title="Please confirm" onClose={onCancel}>
      <p>{message}</p>
      <ModalActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
