import { GroupFields } from 'api/contract';
import { groupForm } from './groups/form';

const groupSchema = groupForm.schema('add');

// The group form refuses what the API would refuse for length, with the limits of the contract
// (api/contract), so the form says so before anything is sent.
describe.each([
  ['groupName', GroupFields.groupName.maxLength, 'Name must be at most'],
  ['groupLink', GroupFields.groupLink.maxLength, 'Link must be at most'],
  ['groupDescription', GroupFields.groupDescription.maxLength, 'Description must be at most'],
])('the group form’s %s', (field, limit, message) => {
  const value = (length: number) => (field === 'groupLink' ? 'https://example.org/' : '') + 'x'.repeat(length);

  it(`refuses more than ${limit} characters`, async () => {
    await expect(groupSchema.validateAt(field, { [field]: value(limit + 1) })).rejects.toThrow(message);
  });

  it('accepts the limit itself', async () => {
    await expect(groupSchema.validateAt(field, { [field]: value(limit).slice(0, limit) })).resolves.toBeDefined();
  });
});
