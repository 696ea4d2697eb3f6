import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { ParishInput } from 'api/contract';
import {
  allows,
  callApi,
  CURRENCY_CODES,
  currencyLabel,
  DetailsList,
  FormButtons,
  FormColumn,
  LoadingBlock,
  notify,
  Panel,
  rememberParish,
  requiredText,
  SectionHeader,
  SelectField,
  TextField,
  useFieldRefusals,
  useParish,
  usePermissions,
  type Parish,
} from 'shared';
import styled from 'styled-components';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The IANA zones this browser knows (the server checks with the same engine's list). */
const ZONES = Intl.supportedValuesOf('timeZone');

const parishSchema = yup.object({
  name: requiredText('Parish name is required', 'Parish name', ParishInput.name),
  currency: yup
    .string()
    .required('Currency is required')
    .oneOf([...CURRENCY_CODES], 'Currency must be an ISO 4217 currency code, like NGN, GHS or EUR'),
  timeZone: yup.string().required('Time zone is required'),
  weekStart: yup.string().required('First day of the week is required'),
});
type ParishValues = yup.InferType<typeof parishSchema>;

const valuesOf = (parish: Parish): ParishValues => ({
  name: parish.name,
  currency: parish.currency,
  timeZone: parish.timeZone,
  weekStart: String(parish.weekStart),
});

/** The field a refusal of the server is about, by its words. */
const refusedField = (message: string) =>
  message.startsWith('Currency')
    ? 'currency'
    : message.startsWith('Time zone')
      ? 'timeZone'
      : message.startsWith('Parish name')
        ? 'name'
        : message.startsWith('First day')
          ? 'weekStart'
          : undefined;

/**
 * Settings → Parish: the parish's name (the header's and the printed week's), its currency (every
 * amount's), its time zone (every day's and time's, whatever a browser's) and the first day of its
 * week. An Admin changes them; every other member reads them.
 */
export function ParishPanel() {
  const parish = useParish();
  const permissions = usePermissions();
  const refusals = useFieldRefusals<ParishValues>();
  const save = async (values: ParishValues, form: FormikHelpers<ParishValues>) => {
    try {
      const saved = await callApi('put', '/api/v1/parish', {
        body: {
          name: values.name.trim(),
          currency: values.currency,
          timeZone: values.timeZone,
          weekStart: Number(values.weekStart),
        },
        byField: [400],
      });
      rememberParish(saved.data);
      notify.success(saved.message);
      refusals.succeeded();
      form.resetForm({ values: valuesOf(saved.data) });
    } catch (error) {
      // Said by the field it is about; what was typed stays.
      refusals.refuse(error, refusedField, values, form);
    }
  };

  if (!parish.loaded || permissions === 'unknown') {
    return (
      <Panel aria-label="Parish">
        <SectionHeader title="Parish" />
        <LoadingBlock />
      </Panel>
    );
  }
  // A zone the engine's list leaves out (an alias such as UTC) stays choosable when it is the parish's.
  const zones = ZONES.includes(parish.timeZone) ? ZONES : [parish.timeZone, ...ZONES];
  return (
    <Panel aria-label="Parish">
      <SectionHeader title="Parish" />
      {allows(permissions, 'team') ? (
        <Formik
          initialValues={valuesOf(parish)}
          validationSchema={parishSchema}
          validate={refusals.validate}
          onSubmit={save}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <FormColumn>
                <TextField name="name" label="Parish name" hint="Shown in the header and on the printed week" />
                <SelectField
                  name="currency"
                  label="Currency"
                  options={CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) }))}
                  emptyOption={false}
                  hint="Every amount is shown in it: the stipends and their totals"
                />
                <SelectField
                  name="timeZone"
                  label="Time zone"
                  options={zones}
                  emptyOption={false}
                  hint="Today, the calendar, the Mass week, exports and printouts follow it, wherever a browser is"
                />
                <SelectField
                  name="weekStart"
                  label="First day of the week"
                  options={WEEKDAYS.map((day, index) => ({ value: String(index), label: day }))}
                  emptyOption={false}
                />
                <FormButtons busy={isSubmitting} label="Save parish" />
              </FormColumn>
            </Form>
          )}
        </Formik>
      ) : (
        <>
          <DetailsList>
            <dt>Parish name</dt>
            <dd>{parish.name}</dd>
            <dt>Currency</dt>
            <dd>{currencyLabel(parish.currency)}</dd>
            <dt>Time zone</dt>
            <dd>{parish.timeZone}</dd>
            <dt>First day of the week</dt>
            <dd>{WEEKDAYS[parish.weekStart]}</dd>
          </DetailsList>
          <Muted>Only an Admin can change the parish&apos;s settings.</Muted>
        </>
      )}
    </Panel>
  );
}

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  color: ${({ theme }) => theme.color.muted};
`;
