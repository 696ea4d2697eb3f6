// The public face of `shared`. Apps import only from 'shared', never from its files, so the
// federation can hand every app the same instance (one session, one client, one toast bus).
export {
  apiClient,
  configureApi,
  errorMessage,
  pathId,
  unwrap,
  DEFAULT_API_BASE_URL,
  type ApiEnvelope,
} from './api/client';
export { useRequest, type RequestState } from './api/useRequest';
export { authApi, type LoginAnswer } from './api/resources/auth';
export { analyticsApi, type Analytics } from './api/resources/analytics';
export { massIntentionsApi, type MassIntention } from './api/resources/massIntentions';
export { booksApi, BOOK_CATEGORIES, type Book, type BookCategory, type BookInput } from './api/resources/books';
export { toFormData, type ProgressListener } from './api/multipart';
// issue 6: finance (donations, bank accounts, Section A prayers, About Us)
export { donationsApi, type Donation, type DonationInput } from './api/resources/donations';
export { bankAccountsApi, type BankAccount, type BankAccountInput } from './api/resources/bankAccounts';
export { prayersApi, type Prayer, type PrayerInput } from './api/resources/prayers';
export { aboutApi, type About } from './api/resources/about';

export { session, useSession, useUserId, type AdminUser, type Session } from './session/session';
export { logIn, logOut } from './auth/auth';
export { LoginScreen } from './auth/LoginScreen';

export { notify, SCREEN_TOAST_MS, DEFAULT_TOAST_MS } from './notify/notify';
export { ToastHost } from './notify/ToastHost';

export { loginSchema, linkField, pictureField, PICTURE_ACCEPT, type LoginValues } from './validation/schemas';
export { formatDate } from './format/date';
export { useSearchTerm, matchesSearch, useSearchFilter } from './search/search';

export { theme, GlobalStyle, type Theme } from './ui/theme';
export { AppProviders } from './ui/AppProviders';
export { Button, ButtonLink } from './ui/Button';
export { Spinner, LoadingBlock } from './ui/Spinner';
export { Panel, PageHeader, EmptyText, SampleDataNotice, MissingRecord } from './ui/layout';
export { DataTable, ListTable, deleteColumn, DEFAULT_PAGE_SIZE, type Column } from './ui/DataTable';
export { Pagination, usePage } from './ui/Pagination';
export { Modal, ModalActions, ConfirmDialog } from './ui/Modal';
export { DeleteButton } from './ui/DeleteButton';
export { DetailsList, DetailsBody, DetailsText, DetailsHeader, Picture } from './ui/Details';

export { LabelledField, FieldRow } from './forms/Field';
export { TextField, NumberField, DateField, TextAreaField, SelectField, type SelectOption } from './forms/inputs';
export { FileField, PictureField, UploadProgress, type FileValue } from './forms/FileField';
export { FormColumn, FormActions } from './forms/FormLayout';
export { FormPage, FormButtons } from './forms/FormFrame';
export { useUploadProgress } from './forms/useUploadProgress';

export { renderStandalone } from './standalone/standalone';
export { provideRuntimeInfo, runtimeInfo, type RuntimeInfo } from './platform/runtimeInfo';

// issue 4: content (Bible plan, live streams, reflections)
export {
  readingsApi,
  BIBLE_WEEKS,
  type Reading,
  type ReadingInput,
  type ImportRowError,
} from './api/resources/readings';
export { streamsApi, STREAM_CATEGORIES, type Stream, type StreamInput } from './api/resources/streams';
export {
  reflectionsApi,
  uploadEditorImage,
  type Audience,
  type Reflection,
  type ReflectionInput,
} from './api/resources/reflections';

// issue 5: community (groups, prayer requests)
export { groupsApi, type Group, type GroupInput } from './api/resources/groups';
export { prayerRequestsApi, type PrayerRequest } from './api/resources/prayerRequests';
