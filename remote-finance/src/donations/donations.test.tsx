import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { donationsApi, type Donation } from './api';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const pdfDonation: Donation = {
  _id: 'a'.repeat(24),
  donationName: 'Church building fund',
  donationDescription: 'For the new roof of the parish hall',
  donationImage: null,
  fileUrl: 'http://localhost/uploads/0123456789abcdef0123456789abcdef.pdf',
  createdAt: '2026-03-04T10:00:00.000Z',
};
const imageDonation: Donation = {
  _id: 'b'.repeat(24),
  donationName: 'Harvest thanksgiving',
  donationDescription: 'Offerings for the harvest',
  donationImage: 'http://localhost/uploads/fedcba9876543210fedcba9876543210.png',
  fileUrl: 'http://localhost/uploads/fedcba9876543210fedcba9876543210.png',
  createdAt: '2026-03-05T10:00:00.000Z',
};

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});
afterEach(() => jest.restoreAllMocks());

describe('Donations list', () => {
  it('shows image, name, description and a details link; a file that is not an image shows its type', async () => {
    stubApi({ 'GET /all/donations': () => ok([imageDonation, pdfDonation]) });
    render('/donations');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Donations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Description', 'Action']);
    expect(within(table).getByRole('img', { name: 'Image of Harvest thanksgiving' })).toHaveAttribute(
      'src',
      imageDonation.donationImage,
    );
    expect(within(table).getByRole('img', { name: 'File of Church building fund' })).toHaveTextContent('PDF');
    expect(within(table).getByText('For the new roof of the parish hall')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View details of Church building fund' })).toHaveAttribute(
      'href',
      `/donations/${pdfDonation._id}`,
    );
    expect(screen.getByRole('link', { name: 'Add New Donation' })).toHaveAttribute('href', '/donation/add');
  });

  it('offers a role without the finance permission no Add New Donation', async () => {
    signIn(userId, ['content']);
    stubApi({ 'GET /all/donations': () => ok([imageDonation, pdfDonation]) });
    render('/donations');
    await screen.findByText(imageDonation.donationName);
    expect(screen.queryByRole('link', { name: 'Add New Donation' })).not.toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /all/donations': () => ok([]) });
    render('/donations');
    expect(await screen.findByText('No donations available.')).toBeInTheDocument();
  });

  it("filters by the header's search term", async () => {
    stubApi({ 'GET /all/donations': () => ok([imageDonation, pdfDonation]) });
    render('/donations?q=ROOF');
    const table = await screen.findByRole('table', { name: 'Donations' });
    expect(within(table).getByText('Church building fund')).toBeInTheDocument();
    expect(within(table).queryByText('Harvest thanksgiving')).not.toBeInTheDocument();
  });
});

describe('Add Donation', () => {
  it("shows the spec's three messages and accepts a file of any type", async () => {
    const calls = stubApi({});
    render('/donation/add');
    expect(screen.getByLabelText('File')).not.toHaveAttribute('accept');
    await userEvent.click(screen.getByRole('button', { name: 'Add Donation' }));
    for (const message of ['Donation name is required', 'Description is required', 'File is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/donations');
  });

  it('sends name, description and the file as multipart, then resets the form and stays', async () => {
    const calls = stubApi({
      [`POST /add/donation/${userId}`]: () => [201, { message: 'Donation added successfully', data: pdfDonation }],
    });
    const { router } = render('/donation/add');
    await userEvent.type(screen.getByLabelText('Donation Name'), '  Church building fund ');
    await userEvent.type(screen.getByLabelText('Description'), pdfDonation.donationDescription);
    const appeal = new File(['%PDF-1.7'], 'appeal.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('File'), appeal);
    await userEvent.click(screen.getByRole('button', { name: 'Add Donation' }));

    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(body.get('donationName')).toBe('Church building fund');
    expect(body.get('donationDescription')).toBe(pdfDonation.donationDescription);
    expect((body.get('file') as File).name).toBe('appeal.pdf');

    await waitFor(() => expect(screen.getByLabelText('Donation Name')).toHaveValue(''));
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect((screen.getByLabelText('File') as HTMLInputElement).files).toHaveLength(0);
    expect(screen.queryByText('File is required')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/donation/add');
  });

  it('shows the upload progress with its percentage while the file uploads', async () => {
    stubApi({});
    let finish: () => void = () => undefined;
    jest.spyOn(donationsApi, 'create').mockImplementation((_user, _input, onProgress) => {
      onProgress?.(40);
      return new Promise((resolve) => {
        finish = () => resolve({ message: 'Donation added successfully', data: pdfDonation });
      });
    });
    render('/donation/add');
    await userEvent.type(screen.getByLabelText('Donation Name'), 'Fund');
    await userEvent.type(screen.getByLabelText('Description'), 'Roof');
    await userEvent.upload(screen.getByLabelText('File'), new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Donation' }));

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Donation/ })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument());
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
  });

  it('says the server’s limit and refuses a larger file before sending, in the server’s words', async () => {
    const calls = stubApi({
      'GET /version': () => [
        200,
        { message: 'ok', data: { uploads: { imageMaxBytes: 5 << 20, fileMaxBytes: 20 << 20 } } },
      ],
    });
    render('/donation/add');
    const picker = screen.getByLabelText('File');
    await waitFor(() => expect(picker).toHaveAccessibleDescription('Any type (an image, a PDF …), at most 20 MB.'));
    await userEvent.type(screen.getByLabelText('Donation Name'), 'Fund');
    await userEvent.type(screen.getByLabelText('Description'), 'Roof');
    const big = new File(['x'], 'appeal.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 25 << 20 });
    await userEvent.upload(picker, big);
    expect(await screen.findByText('The file is too large (at most 20 MB)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Donation' }));
    expect(screen.getByText('The file is too large (at most 20 MB)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('keeps what was typed when the server refuses', async () => {
    stubApi({ [`POST /add/donation/${userId}`]: () => [413, { message: 'The file is too large (at most 20 MB)' }] });
    render('/donation/add');
    await userEvent.type(screen.getByLabelText('Donation Name'), 'Fund');
    await userEvent.type(screen.getByLabelText('Description'), 'Roof');
    await userEvent.upload(screen.getByLabelText('File'), new File(['x'], 'a.zip', { type: 'application/zip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Donation' }));
    expect(await screen.findByText('The file is too large (at most 20 MB)')).toBeInTheDocument();
    expect(screen.getByLabelText('Donation Name')).toHaveValue('Fund');
    expect(screen.getByLabelText('Description')).toHaveValue('Roof');
  });
});

describe('Donation details', () => {
  it('shows the donation with a link to its file, and Edit Donation', async () => {
    stubApi({ [`GET /single/donation/${pdfDonation._id}`]: () => ok(pdfDonation) });
    render(`/donations/${pdfDonation._id}`);
    expect(await screen.findByRole('heading', { name: pdfDonation.donationName })).toBeInTheDocument();
    expect(screen.getByText(pdfDonation.donationDescription)).toBeInTheDocument();
    expect(screen.getByText('04/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download file' })).toHaveAttribute('href', pdfDonation.fileUrl);
    expect(screen.getByText('(PDF)')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Donation' })).toHaveAttribute(
      'href',
      `/edit-donation/${pdfDonation._id}`,
    );
  });

  it('shows an image donation’s picture', async () => {
    stubApi({ [`GET /single/donation/${imageDonation._id}`]: () => ok(imageDonation) });
    render(`/donations/${imageDonation._id}`);
    expect(await screen.findByRole('img', { name: 'Image of Harvest thanksgiving' })).toHaveAttribute(
      'src',
      imageDonation.donationImage,
    );
  });

  it('deletes after confirmation and returns to the list', async () => {
    const calls = stubApi({
      [`GET /single/donation/${pdfDonation._id}`]: () => ok(pdfDonation),
      [`DELETE /donation/${userId}/${pdfDonation._id}`]: () => [200, { message: 'Donation deleted successfully' }],
      'GET /all/donations': () => ok([]),
    });
    const { router } = render(`/donations/${pdfDonation._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Donation' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this donation?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Donation' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Donation deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/donations'));
    expect(await screen.findByText('No donations available.')).toBeInTheDocument();
  });

  it("says 'No donation data found.' when it does not exist", async () => {
    stubApi({ [`GET /single/donation/${pdfDonation._id}`]: () => [404, { message: 'Donation not found' }] });
    render(`/donations/${pdfDonation._id}`);
    expect(await screen.findByText('No donation data found.')).toBeInTheDocument();
    // Said once: no red toast repeats it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Donation not found')).not.toBeInTheDocument();
  });
});

describe('Edit Donation', () => {
  it("is prefilled, shows the edit form's messages, keeps the file when none is chosen, then shows the details", async () => {
    const calls = stubApi({
      [`GET /single/donation/${pdfDonation._id}`]: () => ok(pdfDonation),
      [`POST /edit/donation/${userId}/${pdfDonation._id}`]: () => [
        200,
        { message: 'Donation updated successfully', data: pdfDonation },
      ],
    });
    const { router } = render(`/edit-donation/${pdfDonation._id}`);
    const name = await screen.findByLabelText('Donation Name');
    expect(name).toHaveValue(pdfDonation.donationName);
    expect(screen.getByLabelText('Description')).toHaveValue(pdfDonation.donationDescription);
    expect(screen.getByRole('link', { name: 'PDF file' })).toHaveAttribute('href', pdfDonation.fileUrl);
    await userEvent.clear(name);
    await userEvent.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.tab();
    expect(await screen.findByText('Description is required')).toBeInTheDocument();

    await userEvent.type(name, 'Roof fund');
    await userEvent.type(screen.getByLabelText('Description'), 'New roof');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Donation updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/donations/${pdfDonation._id}`));
    const body = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(body.get('donationName')).toBe('Roof fund');
    expect(body.get('donationDescription')).toBe('New roof');
    expect(body.get('file')).toBe(pdfDonation.fileUrl);
  });

  it('replaces the file with one of any type', async () => {
    const calls = stubApi({
      [`GET /single/donation/${imageDonation._id}`]: () => ok(imageDonation),
      [`POST /edit/donation/${userId}/${imageDonation._id}`]: () => [
        200,
        { message: 'Donation updated successfully', data: imageDonation },
      ],
    });
    render(`/edit-donation/${imageDonation._id}`);
    expect(await screen.findByAltText('File preview')).toHaveAttribute('src', imageDonation.donationImage);
    await userEvent.upload(
      screen.getByLabelText('File'),
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Donation updated successfully')).toBeInTheDocument();
    const body = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect((body.get('file') as File).name).toBe('report.pdf');
  });
});
