import * as yup from 'yup';

/** The limit of a field as the API states it (`BookFields.bookName` … from 'api/contract'). */
export interface FieldLimit {
  readonly maxLength?: number;
}

/** "Title must be at most 300 characters": the form refuses what the server would. */
const withinLimit = (field: yup.StringSchema, label: string, limit: FieldLimit) =>
  limit.maxLength === undefined
    ? field
    : field.max(limit.maxLength, `${label} must be at most ${limit.maxLength} characters`);

/** A text field: trimmed, required with `requiredMessage` (the spec's words), within the API's limit. */
export const requiredText = (requiredMessage: string, label: string, limit: FieldLimit) =>
  withinLimit(yup.string().trim(), label, limit).required(requiredMessage);

/** An optional text field within the API's limit. */
export const optionalText = (label: string, limit: FieldLimit) => withinLimit(yup.string().trim(), label, limit);

/** A link field: required with `requiredMessage`, an http(s) URL ('Invalid link format'), within the API's limit. */
export const linkField = (requiredMessage: string, label: string, limit: FieldLimit) =>
  withinLimit(yup.string().trim(), label, limit)
    .required(requiredMessage)
    .url('Invalid link format')
    .matches(/^https?:\/\//i, 'Invalid link format');

/** Types a browser may upload as a picture; the server checks the content again. */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * A picture field: a chosen image File, or on edit the current picture's URL. `requiredMessage`
 * makes it required (add forms); edit forms leave it out and keep the stored picture.
 */
export const pictureField = (requiredMessage?: string) => {
  const field = yup
    .mixed<File | string>()
    .nullable()
    .test('picture-type', 'Image must be a JPEG, PNG, GIF or WebP image', (value) =>
      value instanceof File ? PICTURE_TYPES.includes(value.type) : true,
    );
  return requiredMessage ? field.test('picture-required', requiredMessage, (value) => Boolean(value)) : field;
};

/** The accept filter of picture pickers. */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');
