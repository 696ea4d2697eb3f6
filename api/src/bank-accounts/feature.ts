import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { bankAccountResource } from './resource';
import type { BankAccountRecord, BankAccountRow } from './schemas';

export const bankAccountsFeature = resourceFeature(bankAccountResource, {
  seed: resourceSeed<BankAccountRow, BankAccountRecord>(bankAccountResource, 'bankAccountNumber', [
    {
      fields: {
        bankName: 'First Bank of Nigeria',
        bankAccountNumber: '0012345678',
        bankAccountHolderName: 'St. Mary Catholic Parish',
        bankRoutingNumber: '',
        bankSwiftCode: 'FBNINGLA',
        currency: 'NGN',
      },
    },
    {
      fields: {
        bankName: 'Zenith Bank',
        bankAccountNumber: '1098765432',
        bankAccountHolderName: 'St. Mary Parish Building Fund',
        bankRoutingNumber: '',
        bankSwiftCode: 'ZEIBNGLA',
        currency: 'USD',
      },
    },
  ]),
});
