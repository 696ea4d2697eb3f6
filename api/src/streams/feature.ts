import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { streamResource } from './resource';
import type { StreamInput, StreamRow } from './schemas';

export const streamsFeature = resourceFeature(streamResource, {
  seed: resourceSeed<StreamRow, StreamInput>(streamResource, 'name', [
    {
      fields: {
        name: 'Sunday Mass from St. Mary',
        streamingLink: 'https://www.youtube.com/watch?v=example-sunday-mass',
        category: 'Lithurgical Celebration',
      },
      picture: { width: 160, height: 90, colour: [60, 47, 143], originalName: 'thumbnail.png' },
    },
  ]),
});
