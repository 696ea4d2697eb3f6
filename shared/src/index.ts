// The public face of `shared`. Apps import only from 'shared', never from its files, so the
// federation can hand every app the same instance (one session, one client, one toast bus).
export { configureApi, errorMessage, showFailureOnScreen, DEFAULT_API_BASE_URL } from './api/client';
export { callApi, type ApiAnswer, type ApiRoute } from './api/call';
export { startEarlyReads } from './api/earlyReads';
export { type ProgressListener } from './api/multipart';
// Kept for remotes released against shared 3.x, which call them (a remote is deployed alone and may
// run on a newer shell); the apps here call `callApi`. They go at the next major.
export { apiClient, pathId, unwrap, type ApiEnvelope } from './api/client';
export { sendForm, toFormData } from './api/multipart';

export { session, useSession, useUserId } from './session/session';
export {
  allows,
  knownPermissions,
  usePermissions,
  WriteOnly,
  WritesNeed,
  type Permissions,
} from './session/permissions';
export { logOut } from './auth/auth';
export { LoginScreen } from './auth/LoginScreen';
export { SetPasswordScreen } from './auth/SetPasswordScreen';
export { NewPasswordFields, newPasswordSchema } from './auth/newPassword';
export { AuthenticatorSetup, RecoveryCodes } from './auth/AuthenticatorSetup';

export { notify } from './notify/notify';
export { notifyDeleted, restoreFromTrash } from './ui/deleted';

export { linkField, optionalText, pictureField, requiredText } from './validation/schemas';
export { formatDate, formatDateTime } from './format/date';
export { CURRENCY_CODES, currencyLabel, formatMoney, isCurrencyCode, totalAmount } from './format/money';
export { parishTimeNow, parishToday } from './format/zone';
export { rememberParish, useParish, type Parish } from './parish/parish';
export { matchesSearch, useSearchFilter, useSearchTerm } from './search/search';

export { theme } from './ui/theme';
export { AppProviders } from './providers/AppProviders';
export { Button } from './ui/Button';
export { ButtonLink } from './ui/ButtonLink';
export { Spinner, LoadingBlock } from './ui/Spinner';
export { visuallyHidden } from './ui/visuallyHidden';
export { LoadFailed, NotLoaded, NotLoadedScreen, type LoadError, type LoadState } from './ui/LoadState';
export { Panel, PageHeader, SectionHeader, EmptyText, SampleDataNotice, MissingRecord } from './ui/layout';
export { Notice } from './ui/notice';
export { PageTitleProvider, usePageTitle } from './ui/pageTitle';
export { DataTable, ListTable, deleteColumn, type Column } from './ui/DataTable';
export { parseSort, sortParam, useListSort } from './ui/sort';
export { ConfirmDialog, Modal, ModalActions, ModalCloseActions } from './ui/Modal';
export { focusableIn, keepFocusIn } from './ui/focus';
export { DeleteButton } from './ui/DeleteButton';
export { ExportButton } from './ui/ExportButton';
export { DownloadButton } from './ui/DownloadButton';
export { RowAction, RowActions } from './ui/RowActions';
export {
  ListPage,
  actionColumn,
  detailsColumn,
  editColumn,
  linkColumn,
  serialColumn,
  useEditModal,
  type ListLayout,
} from './ui/ListPage';
export { DetailsList, DetailsBody, DetailsText, DetailsHeader, Picture } from './ui/Details';

export { FieldFrame } from './forms/FieldFrame';
export { LabelledField } from './forms/Field';
export { TextField, NumberField, DateField, TextAreaField, SelectField } from './forms/inputs';
export { FileField, PictureField, type FileValue } from './forms/FileField';
export { FormColumn } from './forms/FormLayout';
export { FormPage, FormButtons } from './forms/FormFrame';
export { RecordForm } from './forms/RecordForm';
export { useFieldRefusals, type FieldRefusals, type RefusedField } from './forms/refusals';
export { formValues } from './forms/formValues';
export {
  defineForm,
  DefinedFields,
  DefinedForm,
  DetailsRows,
  fileType,
  type FieldSpec,
  type FormBodyOf,
  type FormDefinition,
  type FormValuesOf,
} from './forms/definition';
export { useUploadProgress } from './forms/useUploadProgress';
export { formatBytes, tooLargeMessage, uploadLimits, useUploadLimits } from './uploads/limits';

export { remoteRoutes } from './navigation/remoteRoutes';

export { renderStandalone } from './standalone/standalone';
export { provideRuntimeInfo, runtimeInfo } from './platform/runtimeInfo';
