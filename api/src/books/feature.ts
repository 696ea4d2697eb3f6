import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { bookResource } from './resource';
import type { BookInput, BookRow } from './schemas';

/** A cover each: a book-shaped 120 × 180 rectangle of its colour. */
const cover = (colour: [number, number, number]) => ({ width: 120, height: 180, colour, originalName: 'cover.png' });

export const booksFeature = resourceFeature(bookResource, {
  seed: resourceSeed<BookRow, BookInput>(bookResource, 'bookName', [
    {
      fields: {
        bookName: 'The Imitation of Christ',
        bookLink: 'https://www.gutenberg.org/ebooks/1653',
        category: 'Spiritual Books',
      },
      picture: cover([122, 62, 72]),
    },
    {
      fields: {
        bookName: 'The Confessions of Saint Augustine',
        bookLink: 'https://www.gutenberg.org/ebooks/3296',
        category: 'Devotional',
      },
      picture: cover([46, 84, 130]),
    },
    {
      fields: {
        bookName: 'Introduction to the Devout Life',
        bookLink: 'https://ccel.org/ccel/desales/devout_life',
        category: 'Personalized Recommendation',
      },
      picture: cover([64, 118, 84]),
    },
    {
      fields: {
        bookName: 'Catechism of the Catholic Church',
        bookLink: 'https://www.vatican.va/archive/ENG0015/_INDEX.HTM',
        category: 'Study Materials',
      },
      picture: cover([176, 132, 52]),
    },
  ]),
});
