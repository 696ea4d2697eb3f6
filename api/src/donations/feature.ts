import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { donationResource } from './resource';
import type { DonationInput, DonationRow } from './schemas';

export const donationsFeature = resourceFeature(donationResource, {
  seed: resourceSeed<DonationRow, DonationInput>(donationResource, 'donationName', [
    {
      fields: { donationName: 'Church building fund', donationDescription: 'For the new roof of the parish hall.' },
      picture: { width: 240, height: 160, colour: [170, 120, 60], originalName: 'poster.png' },
    },
  ]),
});
