import { useField } from 'formik';
import { lazy, Suspense, useRef } from 'react';
import styled from 'styled-components';
import { formatBytes, LabelledField, Spinner, useUploadLimits } from 'shared';

// Quill is downloaded only when a screen shows this field (ARCHITECTURE: lazily, only where rich text is edited).
const RichTextEditor = lazy(() => import('./RichTextEditor'));

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

/** A Formik field edited with the rich-text editor: a form's field (`LabelledField`) whose control is not an input. */
export function RichTextField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<string>(name);
  const limits = useUploadLimits();
  const focus = useRef<(() => void) | undefined>(undefined);
  const hint = `Pictures (toolbar, paste or drop): JPEG, PNG, GIF or WebP${
    limits ? `, at most ${formatBytes(limits.imageMaxBytes)}.` : '.'
  }`;

  return (
    <LabelledField name={name} label={label} hint={hint} focusControl={() => focus.current?.()}>
      {({ labelId, invalid, describedBy }) => (
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
            describedBy={describedBy}
            invalid={invalid}
            focusRef={focus}
          />
        </Suspense>
      )}
    </LabelledField>
  );
}
