import { AboutInput, BankAccountInput, DonationFields, PrayerInput } from 'api/contract';
import type { AnyObjectSchema } from 'yup';
import { aboutSchema } from './about/AboutForm';
import { bankAccountForm } from './bank-accounts/form';
import { donationForm } from './donations/form';
import { prayerForm } from './prayers/form';

// Every text field of this remote's forms refuses what the API would refuse for length, with the
// limit taken from the contract (api/contract), so the form says so before anything is sent.
const cases: [string, AnyObjectSchema, string, number, string][] = [
  [
    'donation',
    donationForm.schema('add'),
    'donationName',
    DonationFields.donationName.maxLength,
    'Name must be at most',
  ],
  [
    'donation',
    donationForm.schema('edit'),
    'donationDescription',
    DonationFields.donationDescription.maxLength,
    'Description must be at most',
  ],
  ['prayer', prayerForm.schema('add'), 'title', PrayerInput.title.maxLength, 'Title must be at most'],
  ['prayer', prayerForm.schema('add'), 'prayer', PrayerInput.prayer.maxLength, 'Prayer must be at most'],
  ['about', aboutSchema, 'text', AboutInput.text.maxLength, 'About us content must be at most'],
  [
    'bank account',
    bankAccountForm.schema('add'),
    'bankName',
    BankAccountInput.bankName.maxLength,
    'Bank name must be at most',
  ],
  [
    'bank account',
    bankAccountForm.schema('add'),
    'bankAccountNumber',
    BankAccountInput.bankAccountNumber.maxLength,
    'Account number must be at most',
  ],
  [
    'bank account',
    bankAccountForm.schema('add'),
    'bankAccountHolderName',
    BankAccountInput.bankAccountHolderName.maxLength,
    'Account holder name must be at most',
  ],
  [
    'bank account',
    bankAccountForm.schema('add'),
    'bankRoutingNumber',
    BankAccountInput.bankRoutingNumber.maxLength,
    'Routing number must be at most',
  ],
  [
    'bank account',
    bankAccountForm.schema('add'),
    'bankSwiftCode',
    BankAccountInput.bankSwiftCode.maxLength,
    'Swift code must be',
  ],
];

describe.each(cases)('the %s form’s %s', (_form, schema, field, limit, message) => {
  it(`refuses more than ${limit} characters`, async () => {
    await expect(schema.validateAt(field, { [field]: 'x'.repeat(limit + 1) })).rejects.toThrow(message);
  });

  it('accepts the limit itself', async () => {
    await expect(schema.validateAt(field, { [field]: 'x'.repeat(limit) })).resolves.toBeDefined();
  });
});
