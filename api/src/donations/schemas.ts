import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';
import type { TableOf } from '../db/schema';
import type { StoredRow } from '../resources/row';

export const LIMITS = { donationName: 300, donationDescription: 5000 } as const;

/** The text fields of the add and edit forms (multipart, with the donation's file as `file`). */
export const DonationFields = Input(
  'DonationFields',
  {
    donationName: RequiredText(LIMITS.donationName),
    donationDescription: RequiredText(LIMITS.donationDescription),
  },
  { donationName: 'Donation name', donationDescription: 'Description' },
);
export type DonationInput = Static<typeof DonationFields>;

/** A donation as the API answers it (spec §3, ARCHITECTURE's deviation on files). */
export const Donation = Entity('Donation', {
  _id: Type.String(),
  donationName: Type.String(),
  donationDescription: Type.String(),
  donationImage: Type.Union([Type.String({ format: 'uri' }), Type.Null()], {
    description: 'The file’s URL when it is a JPEG, PNG, GIF or WebP image, else null',
  }),
  fileUrl: Type.String({
    format: 'uri',
    description: 'Absolute URL of the uploaded file (non-images are served as downloads)',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Donation = Static<typeof Donation>;

/** A stored donation (table `donations`). */
export interface DonationRow extends StoredRow, DonationInput {
  /** The file's name in DATA_DIR/uploads (never a URL); a file of any type. */
  fileName: string;
  /** 1 when the file is a verified JPEG, PNG, GIF or WebP image (then donationImage is its URL), else 0. */
  isImage: number;
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    donations: TableOf<DonationRow>;
  }
}
