import styled from 'styled-components';
import { detailsColumn, fileType, ListPage, Picture, type ListLayout } from 'shared';
import { useList } from 'shared/data';
import { donations, donationsApi, type Donation } from './api';

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

const layout: ListLayout<Donation> = {
  columns: [
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
    {
      header: 'Name',
      maxWidth: '240px',
      sort: { key: 'donationName', value: (donation) => donation.donationName },
      cell: (donation) => donation.donationName,
    },
    {
      header: 'Description',
      maxWidth: '360px',
      sort: { key: 'donationDescription', value: (donation) => donation.donationDescription },
      cell: (donation) => donation.donationDescription,
    },
    detailsColumn((donation) => ({ to: `/donations/${donation._id}`, name: donation.donationName })),
  ],
  caption: 'Donations',
  emptyText: 'No donations available.',
  add: { to: '/donation/add', label: 'Add New Donation' },
  exportList: 'donations',
};

/** /donations (spec §2), filtered by the header's search on name and description. */
export function DonationListScreen() {
  const list = useList(donations, donationsApi.list, (donation) => [
    donation.donationName,
    donation.donationDescription,
  ]);
  return <ListPage {...list} {...layout} />;
}
