import { useField } from 'formik';
import { useCallback, useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { PICTURE_ACCEPT } from '../validation/schemas';
import { maxBytesOf, formatBytes, tooLargeMessage, useUploadLimits, type UploadKind } from '../uploads/limits';
import { controlCss, LabelledField } from './Field';

/** A picked file, or the URL of the one already stored (edit forms keep it when not replaced). */
export type FileValue = File | string | null;

const Input = styled.input<{ $invalid?: boolean }>`
  ${controlCss}
  padding: ${({ theme }) => theme.space(1.5)};
`;

const Preview = styled.img`
  display: block;
  max-width: 220px;
  max-height: 160px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

const Track = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.color.primarySoft};
  overflow: hidden;
`;
const Bar = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width 0.2s ease;
`;
const ProgressRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** Upload progress of a multipart save, as a bar with its percentage. */
export function UploadProgress({ percent, label = 'Upload progress' }: { percent: number; label?: string }) {
  const rounded = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <ProgressRow>
      <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rounded}>
        <Bar $percent={rounded} />
      </Track>
      <span>{rounded}%</span>
    </ProgressRow>
  );
}

const isImage = (value: FileValue) =>
  value instanceof File ? value.type.startsWith('image/') : typeof value === 'string' && value !== '';

interface FileFieldProps {
  name: string;
  label: string;
  /** The picker's filter, e.g. 'image/*'; any file when absent. */
  accept?: string;
  /** Show the chosen or stored image. */
  preview?: boolean;
  /** Said after the kinds of file and the limit, e.g. 'Leave empty to keep the current file.' */
  hint?: string;
  /** 0–100 while the form uploads; absent otherwise. */
  progress?: number;
  /** Whose limit applies: a picture's or any file's (the server's UPLOAD_MAX_IMAGE_BYTES or _FILE_BYTES). */
  kind?: UploadKind;
  /** The field as the server's messages name it ('The cover'); 'The <label>' when absent. */
  words?: string;
  /** The kinds of file it takes, in words; 'Any type' when absent. */
  types?: string;
}

/**
 * A file picker that says what it takes and the server's limit ('PDF, at most 20 MB.'), and refuses
 * a larger file at once in the server's own words, so that nothing is sent only to be refused. While
 * the limits cannot be read it takes any size: the server refuses what is too large anyway.
 */
export function FileField({
  name,
  label,
  accept,
  preview = false,
  hint,
  progress,
  kind = 'file',
  words,
  types = 'Any type',
}: FileFieldProps) {
  const limits = useUploadLimits();
  const maxBytes = limits && maxBytesOf(limits, kind);
  const said = words ?? `The ${label.toLowerCase()}`;
  const checkSize = useCallback(
    (value: FileValue) =>
      value instanceof File && maxBytes !== undefined && value.size > maxBytes
        ? tooLargeMessage(said, maxBytes)
        : undefined,
    [maxBytes, said],
  );
  const [field, , helpers] = useField<FileValue>({ name, validate: checkSize });
  const value = field.value;
  const takes = maxBytes === undefined ? `${types}.` : `${types}, at most ${formatBytes(maxBytes)}.`;

  const previewUrl = useMemo(() => {
    if (!preview || !isImage(value)) return undefined;
    return value instanceof File ? URL.createObjectURL(value) : (value ?? undefined);
  }, [preview, value]);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    return () => {
      if (previewUrl?.startsWith('blob:')) URL.revokeObjectURL(previewUrl);
    };
  }, [previewUrl]);

  return (
    <LabelledField name={name} label={label} hint={hint ? `${takes} ${hint}` : takes}>
      {({ id, invalid, describedBy }) => (
        <>
          <Input
            id={id}
            name={name}
            type="file"
            accept={accept}
            $invalid={invalid}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              void helpers.setValue(file ?? (typeof value === 'string' ? value : null));
              void helpers.setTouched(true, false);
            }}
            onBlur={() => void helpers.setTouched(true)}
          />
          {previewUrl && <Preview src={previewUrl} alt={`${label} preview`} />}
          {progress !== undefined && <UploadProgress percent={progress} />}
        </>
      )}
    </LabelledField>
  );
}

interface PictureFieldProps {
  name: string;
  label?: string;
  /** 0–100 while the form uploads. */
  progress?: number;
  /** The record already has a picture, which an empty field keeps. */
  keepsCurrent?: boolean;
  /** The picture may be left out altogether (groups). */
  optional?: boolean;
  /** The field as the server's messages name it ('The cover'); 'The <label>' when absent. */
  words?: string;
}

/**
 * The picture picker of books, streams and groups: images only, at most the server's picture limit,
 * previewed, with upload progress.
 */
export function PictureField({
  name,
  label = 'Image',
  progress,
  keepsCurrent = false,
  optional = false,
  words,
}: PictureFieldProps) {
  const hint = [optional && 'Optional.', keepsCurrent && 'Leave empty to keep the current picture.']
    .filter(Boolean)
    .join(' ');
  return (
    <FileField
      name={name}
      label={label}
      accept={PICTURE_ACCEPT}
      preview
      progress={progress}
      hint={hint || undefined}
      kind="image"
      words={words}
      types="JPEG, PNG, GIF or WebP"
    />
  );
}
