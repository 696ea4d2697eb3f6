import { Route, Routes } from 'react-router-dom';
import { BibleListScreen } from './bible/BibleListScreen';
import { AddBiblePlanScreen, BiblePlanDetailsScreen, EditBiblePlanScreen } from './bible/BiblePlanScreens';
import { BookDetailsScreen } from './books/BookDetailsScreen';
import { AddBookScreen, EditBookScreen } from './books/BookFormScreens';
import { BookListScreen } from './books/BookListScreen';
import {
  AddReflectionScreen,
  EditReflectionScreen,
  ReflectionDetailsScreen,
  ReflectionListScreen,
} from './reflections/ReflectionScreens';
import { AddStreamScreen, EditStreamScreen, StreamListScreen } from './streams/StreamScreens';

/** The content remote's screens, at the spec's absolute paths (declared in remotes.json). */
export default function App() {
  return (
    <Routes>
      <Route path="/bookshelf" element={<BookListScreen />} />
      <Route path="/bookshelf-organizer" element={<AddBookScreen />} />
      <Route path="/bookshelf/:id" element={<BookDetailsScreen />} />
      <Route path="/edit-book/:id" element={<EditBookScreen />} />
      <Route path="/bible-list" element={<BibleListScreen />} />
      <Route path="/bible-plan-organizer" element={<AddBiblePlanScreen />} />
      <Route path="/bible-plan-details/:id" element={<BiblePlanDetailsScreen />} />
      <Route path="/edit-bible-plan/:id" element={<EditBiblePlanScreen />} />
      <Route path="/live-streaming" element={<StreamListScreen />} />
      <Route path="/manage-live-streaming" element={<AddStreamScreen />} />
      <Route path="/live-streaming/edit/:id" element={<EditStreamScreen />} />
      {(['adult', 'children'] as const).map((audience) => [
        <Route
          key={`${audience}-list`}
          path={`/${audience}-reflection`}
          element={<ReflectionListScreen audience={audience} />}
        />,
        <Route
          key={`${audience}-add`}
          path={`/add-${audience}-reflection`}
          element={<AddReflectionScreen audience={audience} />}
        />,
        <Route
          key={`${audience}-details`}
          path={`/${audience}-reflection/:date`}
          element={<ReflectionDetailsScreen key={audience} audience={audience} />}
        />,
        <Route
          key={`${audience}-edit`}
          path={`/${audience}-reflection/edit/:id`}
          element={<EditReflectionScreen key={audience} audience={audience} />}
        />,
      ])}
    </Routes>
  );
}
