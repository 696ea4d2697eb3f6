import { DetailsBody, DetailsHeader, DetailsList, DetailsRows, Panel, Picture } from 'shared';
import { useRemove } from 'shared/data';
import { donationsApi } from './api';
import { useDonation } from './DonationFormScreens';
import { donationForm } from './form';

/** /donations/{id} (spec §2): the donation, a link to its file, Edit Donation and Delete Donation. */
export function DonationDetailsScreen() {
  const { record: donation, fallback } = useDonation();
  const remove = useRemove(donation, donationsApi.remove, 'Donation deleted successfully', '/donations');
  if (!donation) return fallback;

  return (
    <>
      <DetailsHeader
        title={donation.donationName}
        backTo="/donations"
        editTo={`/edit-donation/${donation._id}`}
        editLabel="Edit Donation"
        deleteLabel="Delete Donation"
        confirmMessage="Are you sure you want to delete this donation?"
        onDelete={remove}
      />
      <Panel>
        <DetailsBody>
          {donation.donationImage && (
            <Picture $size="large" src={donation.donationImage} alt={`Image of ${donation.donationName}`} />
          )}
          <DetailsList>
            <DetailsRows form={donationForm} record={donation} />
          </DetailsList>
        </DetailsBody>
      </Panel>
    </>
  );
}
