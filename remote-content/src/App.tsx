import { Route, Routes } from 'react-router-dom';
import { BookDetailsScreen } from './books/BookDetailsScreen';
import { AddBookScreen, EditBookScreen } from './books/BookFormScreens';
import { BookListScreen } from './books/BookListScreen';

/** The content remote's screens, at the spec's absolute paths (declared in remotes.json). */
export default function App() {
  return (
    <Routes>
      <Route path="/bookshelf" element={<BookListScreen />} />
      <Route path="/bookshelf-organizer" element={<AddBookScreen />} />
      <Route path="/bookshelf/:id" element={<BookDetailsScreen />} />
      <Route path="/edit-book/:id" element={<EditBookScreen />} />
    </Routes>
  );
}
