import { useNavigate, useParams } from 'react-router-dom';
import {
  DetailsBody,
  DetailsHeader,
  DetailsList,
  DetailsText,
  formatDate,
  LoadingBlock,
  notify,
  Panel,
  Picture,
  useRequest,
  useUserId,
} from 'shared';
import { donationsApi } from './api';
import { NoDonation } from './DonationFormScreens';
import { fileType } from './files';

/** /donations/{id} (spec §2): the donation, a link to its file, Edit Donation and Delete Donation. */
export function DonationDetailsScreen() {
  const { id = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const { data: donation, loading } = useRequest((signal) => donationsApi.get(id, signal), id);

  if (loading) return <LoadingBlock />;
  if (!donation) return <NoDonation />;

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
