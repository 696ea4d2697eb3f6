import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { groupResource } from './resource';
import type { GroupInput, GroupRow } from './schemas';

export const groupsFeature = resourceFeature(groupResource, {
  seed: resourceSeed<GroupRow, GroupInput>(groupResource, 'groupName', [
    {
      fields: {
        groupName: 'Youth Choir',
        groupLink: 'https://chat.whatsapp.com/youth-choir-example',
        groupDescription: 'Young singers who lead the music at the Sunday evening Mass. Rehearsals on Thursdays.',
      },
      picture: { width: 160, height: 160, colour: [86, 70, 160], originalName: 'group.png' },
    },
    {
      // One without a picture, as a group may be.
      fields: {
        groupName: 'Legion of Mary',
        groupLink: 'https://chat.whatsapp.com/legion-of-mary-example',
        groupDescription: 'Weekly prayer and home visits to the sick and elderly of the parish.',
      },
    },
  ]),
});
