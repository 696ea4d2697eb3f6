/**
 * A form's values: its blank values (an add form), with a stored record's values put in where the
 * record has them (an edit form); a field the record leaves empty keeps its blank value.
 */
export function formValues<Values extends object>(blank: Values, record?: object | null): Values {
  if (!record) return blank;
  const stored = record as Partial<Record<keyof Values, unknown>>;
  const values = { ...blank };
  for (const key of Object.keys(blank) as (keyof Values)[]) {
    const value = stored[key];
    if (value !== undefined && value !== null) values[key] = value as Values[typeof key];
  }
  return values;
}
