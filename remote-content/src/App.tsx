import { Routes } from 'react-router-dom';
import { BibleListScreen } from './bible/BibleListScreen';
import { AddBiblePlanScreen, BiblePlanDetailsScreen, EditBiblePlanScreen } from './bible/BiblePlanScreens';
import { BookDetailsScreen } from './books/BookDetailsScreen';
import { AddBookScreen, EditBookScreen } from './books/BookForm';
import { BookListScreen } from './books/BookListScreen';
import {
  AddReflectionScreen,
  EditReflectionScreen,
  ReflectionDetailsScreen,
  ReflectionListScreen,
} from './reflections/ReflectionScreens';
import { routesOf, screensFor } from './routes';
import { AddStreamScreen, EditStreamScreen } from './streams/StreamForm';
import { StreamListScreen } from './streams/StreamScreens';

/** The screen at each path of routes.json: one for each, and none for a path it does not declare. */
const screens = screensFor({
  '/bookshelf': <BookListScreen />,
  '/bookshelf-organizer': <AddBookScreen />,
  '/bookshelf/:id': <BookDetailsScreen />,
  '/edit-book/:id': <EditBookScreen />,
  '/bible-list': <BibleListScreen />,
  '/bible-plan-organizer': <AddBiblePlanScreen />,
  '/bible-plan-details/:id': <BiblePlanDetailsScreen />,
  '/edit-bible-plan/:id': <EditBiblePlanScreen />,
  '/live-streaming': <StreamListScreen />,
  '/manage-live-streaming': <AddStreamScreen />,
  '/live-streaming/edit/:id': <EditStreamScreen />,
  '/adult-reflection': <ReflectionListScreen audience="adult" />,
  '/add-adult-reflection': <AddReflectionScreen audience="adult" />,
  '/adult-reflection/:date': <ReflectionDetailsScreen key="adult" audience="adult" />,
  '/adult-reflection/edit/:id': <EditReflectionScreen key="adult" audience="adult" />,
  '/children-reflection': <ReflectionListScreen audience="children" />,
  '/add-children-reflection': <AddReflectionScreen audience="children" />,
  '/children-reflection/:date': <ReflectionDetailsScreen key="children" audience="children" />,
  '/children-reflection/edit/:id': <EditReflectionScreen key="children" audience="children" />,
});

/** The content remote's screens, at the spec's absolute paths (declared in routes.json). */
export default function App() {
  return <Routes>{routesOf(screens)}</Routes>;
}
