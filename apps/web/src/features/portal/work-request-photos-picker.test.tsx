import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PORTAL_MESSAGES } from '@fieldwork/domain/portal/portal.rules';
import { WORK_REQUEST_PHOTO_MAX_BYTES, WORK_REQUEST_PHOTO_MESSAGES } from '@fieldwork/domain/portal/work-request-photos.rules';
import { mockApi, renderApp, route } from '../../test-utils';
import { company, hubReply, meReply, SITE_ID, SLUG } from './portal-test-fixtures';

const POST_PATH = `/api/portal/companies/${SLUG}/work-requests`;

/** A PNG header declaring width × height: enough for the header rule, which never decodes. */
function png(name: string, width = 40, height = 30): File {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return new File([b], name, { type: 'image/png' });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

async function openForm() {
  const fetchMock = mockApi(
    route('GET', `/api/portal/companies/${SLUG}`, { body: { data: company() } }),
    route('POST', POST_PATH, { status: 201, body: { data: { message: PORTAL_MESSAGES.workRequested } } }),
  );
  renderApp(`/portal/${SLUG}`, null);
  const form = within(await screen.findByRole('form', { name: 'Request work' }));
  return { fetchMock, form, input: form.getByLabelText('Add photos') as HTMLInputElement };
}

const posted = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.find(([input, init]) => new URL(String(input), 'http://localhost').pathname === POST_PATH && (init as RequestInit).method === 'POST');

describe('photos on a request for work', { timeout: 20_000 }, () => {
  it('offers the camera or library, shows chosen photos as thumbnails with remove buttons, and sends them with the fields as multipart', async () => {
    const { fetchMock, form, input } = await openForm();
    expect(input.accept).toBe('image/*');
    expect(input.multiple).toBe(true);
    const user = userEvent.setup();
    await user.upload(input, [png('leak.png'), png('ceiling.png'), png('stain.png')]);
    const thumbs = within(form.getByRole('list', { name: 'Chosen photos' }));
    expect(thumbs.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['leak.png', 'ceiling.png', 'stain.png']);
    await waitFor(() => expect(thumbs.getByRole('img', { name: 'leak.png' }).getAttribute('src')).toBe('blob:leak.png'));
    await user.click(form.getByRole('button', { name: 'Remove ceiling.png' }));
    expect(thumbs.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['leak.png', 'stain.png']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:ceiling.png');

    await user.type(form.getByRole('textbox', { name: 'Your name' }), 'Lee Park');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'lee@example.com');
    await user.type(form.getByRole('textbox', { name: 'Address' }), '4 Elm St');
    await user.type(form.getByRole('textbox', { name: 'What do you need?' }), 'Water stain');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(PORTAL_MESSAGES.workRequested)).toBeTruthy();
    const body = (posted(fetchMock)![1] as RequestInit).body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      description: 'Water stain',
      name: 'Lee Park',
      email: 'lee@example.com',
      address: '4 Elm St',
    });
    expect(body.getAll('photos').map((f) => (f as File).name)).toEqual(['leak.png', 'stain.png']);
  });

  it('refuses a sixth photo with the domain’s message, keeping the five; the picker closes at five', async () => {
    const { form, input } = await openForm();
    const user = userEvent.setup();
    await user.upload(input, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    await user.upload(input, [png('5.png'), png('6.png')]);
    expect(await form.findByText(WORK_REQUEST_PHOTO_MESSAGES.tooMany)).toBeTruthy();
    expect(form.getAllByRole('button', { name: /^Remove / })).toHaveLength(4);
    await user.upload(input, [png('5.png')]);
    await waitFor(() => expect(form.getAllByRole('button', { name: /^Remove / })).toHaveLength(5));
    expect(form.queryByText(WORK_REQUEST_PHOTO_MESSAGES.tooMany)).toBeNull();
    expect(input.disabled).toBe(true);
  });

  it('refuses a photo over the size limit, one that is not a photo, and one whose declared pixels are too many — before sending anything', async () => {
    const { fetchMock, form, input } = await openForm();
    const user = userEvent.setup({ applyAccept: false });
    const big = png('huge.png');
    Object.defineProperty(big, 'size', { value: WORK_REQUEST_PHOTO_MAX_BYTES + 1 });
    await user.upload(input, big);
    expect(await form.findByText(WORK_REQUEST_PHOTO_MESSAGES.tooLarge('huge.png'))).toBeTruthy();
    await user.upload(input, new File(['%PDF-1.7'], 'quote.pdf', { type: 'application/pdf' }));
    expect(await form.findByText(WORK_REQUEST_PHOTO_MESSAGES.notAnImage('quote.pdf'))).toBeTruthy();
    await user.upload(input, png('bomb.png', 7000, 7000));
    expect(await form.findByText(/^bomb\.png: The image is 7,000 × 7,000 pixels; photos may be at most 40,000,000 pixels/)).toBeTruthy();
    expect(form.queryByRole('list', { name: 'Chosen photos' })).toBeNull();
    expect(posted(fetchMock)).toBeUndefined();
  });

  it('in the hub, sends the chosen address with the photos to the signed-in route', async () => {
    const fetchMock = mockApi(
      meReply(),
      hubReply(),
      route('POST', '/api/portal/work-requests', { status: 201, body: { data: { message: PORTAL_MESSAGES.workRequested } } }),
    );
    renderApp('/portal', null);
    const form = within(await screen.findByRole('form', { name: 'Request work' }));
    const user = userEvent.setup();
    await user.type(form.getByRole('textbox', { name: 'What do you need?' }), 'Dripping tap');
    await user.upload(form.getByLabelText('Add photos'), png('tap.png'));
    await form.findByRole('button', { name: 'Remove tap.png' });
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(PORTAL_MESSAGES.workRequested)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/portal/work-requests' && (init as RequestInit).method === 'POST');
    const body = (call![1] as RequestInit).body as FormData;
    expect(body.get('siteId')).toBe(SITE_ID);
    expect(body.get('description')).toBe('Dripping tap');
    expect(body.has('preferredTimes')).toBe(false);
    expect(body.getAll('photos').map((f) => (f as File).name)).toEqual(['tap.png']);
  });
});
