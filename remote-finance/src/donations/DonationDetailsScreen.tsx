import { Picture } from 'shared';
import { RecordDetailsScreen } from 'shared/data';
import { donationKind } from './api';
import { donationForm } from './form';

/** /donations/{id} (spec §2): the donation, a link to its file, Edit Donation and Delete Donation. */
export function DonationDetailsScreen() {
  return (
    <RecordDetailsScreen
      kind={donationKind}
      form={donationForm}
      title={(donation) => donation.donationName}
      picture={(donation) =>
        donation.donationImage && (
          <Picture $size="large" src={donation.donationImage} alt={`Image of ${donation.donationName}`} />
        )
      }
    />
  );
}
