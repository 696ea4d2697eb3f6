import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { prayerResource } from './resource';
import type { PrayerInput, PrayerRow } from './schemas';

/** Section A's prayers. */
export const prayersFeature = resourceFeature(prayerResource, {
  seed: resourceSeed<PrayerRow, PrayerInput>(prayerResource, 'title', [
    {
      fields: {
        title: 'Morning Offering',
        prayer:
          'O Jesus, through the Immaculate Heart of Mary, I offer You my prayers, works, joys and sufferings of this day, for all the intentions of Your Sacred Heart.',
      },
    },
    {
      fields: {
        title: 'Angelus',
        prayer: 'The Angel of the Lord declared unto Mary, and she conceived of the Holy Spirit.',
      },
    },
  ]),
});
