import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';

export const LIMITS = { text: 20000 } as const;

/** What the add and edit calls take. */
export const AboutInput = Input('AboutInput', { text: RequiredText(LIMITS.text) }, { text: 'The About Us text' });

/** The About Us text (spec §3). */
export const About = Entity('About', {
  _id: Type.String(),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type About = Static<typeof About>;
