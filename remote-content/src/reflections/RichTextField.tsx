import { useField } from 'formik';
import { lazy, Suspense, useId, useRef } from 'react';
import styled from 'styled-components';
import { formatBytes, Spinner, useUploadLimits } from 'shared';

// Quill is downloaded only when a screen shows this field (ARCHITECTURE: lazily, only where rich text is edited).
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  > label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.small};
    cursor: text;
  }
`;

const Loading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 200px;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.color.muted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** A Formik field edited with the rich-text editor: visible label bound to it, error once touched. */
export function RichTextField({ name, label }: { name: string; label: string }) {
  const [field, meta, helpers] = useField<string>(name);
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const limits = useUploadLimits();
  const focus = useRef<(() => void) | undefined>(undefined);
  const error = meta.touched && meta.error ? meta.error : undefined;

  return (
    <Row>
      <label id={labelId} onClick={() => focus.current?.()}>
        {label}
      </label>
      <Suspense
        fallback={
          <Loading>
            <Spinner label="Loading editor" /> Loading editor…
          </Loading>
        }
      >
        <RichTextEditor
          value={field.value ?? ''}
          onChange={(html) => void helpers.setValue(html)}
          onBlur={() => void helpers.setTouched(true)}
          labelId={labelId}
          describedBy={error ? `${errorId} ${hintId}` : hintId}
          invalid={Boolean(error)}
          focusRef={focus}
        />
      </Suspense>
      <Hint id={hintId}>
        Pictures (toolbar, paste or drop): JPEG, PNG, GIF or WebP
        {limits ? `, at most ${formatBytes(limits.imageMaxBytes)}.` : '.'}
      </Hint>
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Row>
  );
}
