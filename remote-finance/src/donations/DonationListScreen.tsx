import styled from 'styled-components';
import {
  ButtonLink,
  ListTable,
  PageHeader,
  Panel,
  Picture,
  useSearchFilter,
  type Column,
  WriteOnly,
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { donations, donationsApi, type Donation } from './api';
import { fileType } from './files';

/** Stands in for the image of a donation whose file is not an image (a PDF …). */
const FileBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 64px;
  border-radius: 6px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.page};
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
`;

const columns: Column<Donation>[] = [
  {
    header: 'Image',
    fit: true,
    cell: (donation) =>
      donation.donationImage ? (
        <Picture src={donation.donationImage} alt={`Image of ${donation.donationName}`} loading="lazy" />
      ) : (
        <FileBadge aria-label={`File of ${donation.donationName}`} role="img">
          {fileType(donation.fileUrl)}
        </FileBadge>
      ),
  },
  { header: 'Name', maxWidth: '240px', cell: (donation) => donation.donationName },
  { header: 'Description', maxWidth: '360px', cell: (donation) => donation.donationDescription },
  {
    header: 'Details',
    fit: true,
    cell: (donation) => (
      <RowAction to={`/donations/${donation._id}`} aria-label={`View details of ${donation.donationName}`}>
        View Details
      </RowAction>
    ),
  },
];

/** /donations (spec §2), filtered by the header's search on name and description. */
export function DonationListScreen() {
  const load = useResource(donations.list(), (signal) => donationsApi.list(signal));
  const rows = useSearchFilter(load.data, (donation) => [donation.donationName, donation.donationDescription]);

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to="/donation/add">Add New Donation</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No donations available."
        caption="Donations"
        columns={columns}
        rows={rows}
        rowKey={(donation) => donation._id}
      />
    </Panel>
  );
}
