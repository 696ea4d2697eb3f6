import { useNavigate, useParams } from 'react-router-dom';
import {
  DetailsBody,
  DetailsHeader,
  DetailsList,
  DetailsText,
  formatDate,
  NotLoadedScreen,
  notify,
  Panel,
  Picture,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { donations, donationsApi } from './api';
import { NoDonation } from './DonationFormScreens';
import { fileType } from './files';

/** /donations/{id} (spec §2): the donation, a link to its file, Edit Donation and Delete Donation. */
export function DonationDetailsScreen() {
  const { id = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const load = useResource(donations.detail(id), (signal) => donationsApi.get(id, signal));
  const donation = load.data;
  if (!donation) return <NotLoadedScreen load={load} what="This donation" missing={<NoDonation />} />;

  const remove = async () => {
    await donationsApi.remove(userId, donation._id);
    notify.success('Donation deleted successfully');
    void navigate('/donations');
  };

  return (
    <Panel>
      <DetailsHeader
        title={donation.donationName}
        backTo="/donations"
        editTo={`/edit-donation/${donation._id}`}
        editLabel="Edit Donation"
        deleteLabel="Delete Donation"
        confirmMessage="Are you sure you want to delete this donation?"
        onDelete={remove}
      />
      <DetailsBody>
        {donation.donationImage && (
          <Picture $size="large" src={donation.donationImage} alt={`Image of ${donation.donationName}`} />
        )}
        <DetailsList>
          <dt>Description</dt>
          <DetailsText>{donation.donationDescription}</DetailsText>
          {donation.createdAt && (
            <>
              <dt>Date Added</dt>
              <dd>{formatDate(donation.createdAt)}</dd>
            </>
          )}
          {donation.fileUrl && (
            <>
              <dt>File</dt>
              <dd>
                {/* Files that are not images are served as downloads, never shown inline. */}
                <a href={donation.fileUrl} target="_blank" rel="noopener noreferrer" download>
                  Download file
                </a>{' '}
                <span>({fileType(donation.fileUrl)})</span>
              </dd>
            </>
          )}
        </DetailsList>
      </DetailsBody>
    </Panel>
  );
}
