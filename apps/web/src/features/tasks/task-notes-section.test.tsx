import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import type { Note } from '@fieldwork/domain/jobs/notes.schemas';
import { makeSession, mockApi, renderApp, route } from '../../test-utils';
import { JOB_ID } from '../../shared/jobs/test-fixtures';
import { TASK_ID, actions, allowed, refused, taskNotesReply, taskPageReplies, taskPhotosReply } from '../../shared/tasks/test-fixtures';
import { taskNotesApi } from './task-notes.api';

const URL_ = `/workorder/scheduler/view/${TASK_ID}`;
const NOTE: Note = {
  id: 'n1',
  note: 'Gate code is 4411',
  jobId: JOB_ID,
  noteType: 'Job',
  noteCreatedBy: { userId: 'u1', username: 'Alex Kim', profileImg: null },
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
  actions: { edit: false, delete: false },
};
const PHOTO: Media = {
  id: 'p1',
  jobId: JOB_ID,
  fileName: 'boiler.jpg',
  contentType: 'image/jpeg',
  mediaType: 'IMAGE',
  size: 1200,
  fileLink: `/api/tasks/${TASK_ID}/photos/p1/file`,
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: { userId: 'u1', username: 'Alex Kim' },
};
const both = actions({ addNote: allowed, addPhoto: allowed });
const section = async () => within(await screen.findByRole('region', { name: 'Notes & photos' }));
const sentTo = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([u, init]) => new URL(String(u), 'http://localhost').pathname === path && init?.method === 'POST').map(([, init]) => init!);

afterEach(() => vi.unstubAllGlobals());

describe('task page: notes & photos', { timeout: 20_000 }, () => {
  it("shows the job's notes (author, time, text) and photo thumbnails that open full size", async () => {
    mockApi(taskNotesReply([NOTE]), taskPhotosReply([PHOTO]), ...taskPageReplies({ actions: both }));
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    const s = await section();
    const note = within(await s.findByRole('list', { name: 'Notes' }));
    expect(note.getByText('Gate code is 4411')).toBeTruthy();
    expect(note.getByText('Alex Kim')).toBeTruthy();
    expect(note.getByText('Nov 20, 2026, 10:00 AM')).toBeTruthy();
    const thumb = s.getByRole('img', { name: 'boiler.jpg' }) as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe(PHOTO.fileLink);
    await userEvent.click(s.getByRole('button', { name: 'Open photo boiler.jpg' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'boiler.jpg' }));
    expect(dialog.getByRole('img', { name: 'boiler.jpg' }).getAttribute('src')).toBe(PHOTO.fileLink);
  });

  it('adds a note with an Idempotency-Key, toasts and clears the box', async () => {
    const created = { ...NOTE, id: 'n2', note: 'Replaced the valve' };
    const fetchMock = mockApi(route('POST', `/api/tasks/${TASK_ID}/notes`, { status: 201, body: { data: created } }), ...taskPageReplies({ actions: both }));
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    const s = await section();
    expect(await s.findByText('No notes or photos yet.')).toBeTruthy();
    const box = s.getByPlaceholderText('Write Something...') as HTMLTextAreaElement;
    const add = s.getByRole('button', { name: 'Add Note' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.type(box, '  Replaced the valve ');
    await userEvent.click(add);
    expect(await screen.findByText('Note added')).toBeTruthy();
    const [init] = sentTo(fetchMock, `/api/tasks/${TASK_ID}/notes`);
    expect(JSON.parse(String(init!.body))).toEqual({ note: 'Replaced the valve' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('uploads a chosen photo from the camera input as multipart "file", with a key', async () => {
    const fetchMock = mockApi(route('POST', `/api/tasks/${TASK_ID}/photos`, { status: 201, body: { data: PHOTO } }), ...taskPageReplies({ actions: both }));
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    const s = await section();
    const input = s.getByLabelText('Add photo') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'site.png', { type: 'image/png' }));
    expect(await screen.findByText('Photo added')).toBeTruthy();
    const [init] = sentTo(fetchMock, `/api/tasks/${TASK_ID}/photos`);
    const form = init!.body as FormData;
    expect((form.get('file') as File).name).toBe('site.png');
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it("shows the server's refusal in a toast", async () => {
    mockApi(
      route('POST', `/api/tasks/${TASK_ID}/notes`, {
        status: 409,
        body: { statusCode: 409, code: 'CONFLICT', message: 'The job is closed or cancelled; notes and photos can no longer be added.' },
      }),
      ...taskPageReplies({ actions: both }),
    );
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    const s = await section();
    await userEvent.type(s.getByPlaceholderText('Write Something...'), 'Late');
    await userEvent.click(s.getByRole('button', { name: 'Add Note' }));
    expect(await screen.findByText('Failed to add note')).toBeTruthy();
    expect(screen.getByText('The job is closed or cancelled; notes and photos can no longer be added.')).toBeTruthy();
  });

  it('disables adding with the reason when the rule refuses it', async () => {
    const reason = 'This task is closed or cancelled; notes and photos can no longer be added.';
    mockApi(taskNotesReply([NOTE]), ...taskPageReplies({ actions: actions({ addNote: refused(reason), addPhoto: refused(reason) }) }));
    renderApp(URL_, makeSession('Technician', 'noAccess'));
    const s = await section();
    expect(await s.findByText(reason)).toBeTruthy();
    expect((s.getByRole('button', { name: 'Add Note' }) as HTMLButtonElement).disabled).toBe(true);
    expect((s.getByLabelText('Add photo') as HTMLInputElement).disabled).toBe(true);
    expect(s.getByText('Gate code is 4411')).toBeTruthy();
  });

  it('is read-only for a viewer who may not add, and absent when there is nothing to read', async () => {
    mockApi(taskNotesReply([NOTE]), ...taskPageReplies({ actions: actions() }));
    const first = renderApp(URL_, makeSession('Staff', 'onlyViewAccess'));
    const s = await section();
    expect(await s.findByText('Gate code is 4411')).toBeTruthy();
    expect(s.queryByPlaceholderText('Write Something...')).toBeNull();
    first.unmount();
    mockApi(...taskPageReplies({ actions: actions() }));
    renderApp(URL_, makeSession('Staff', 'onlyViewAccess'));
    await screen.findByRole('heading', { name: /Task #2001/ });
    await waitFor(() => expect(screen.queryByText('Loading notes and photos')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Notes & photos' })).toBeNull();
  });
});

describe('taskNotesApi', () => {
  it('sends the note and the photo (a Blob and its name) with the given key, and returns the created record', async () => {
    const fetchMock = mockApi(
      route('POST', `/api/tasks/${TASK_ID}/notes`, { status: 201, body: { data: NOTE } }),
      route('POST', `/api/tasks/${TASK_ID}/photos`, { status: 201, body: { data: PHOTO } }),
    );
    const key = '0b5a8d9e-1c2f-4a3b-8c4d-5e6f7a8b9c0d';
    expect(await taskNotesApi.addNote(TASK_ID, 'Queued', key)).toEqual(NOTE);
    expect(await taskNotesApi.addPhoto(TASK_ID, new Blob([new Uint8Array([1])], { type: 'image/jpeg' }), 'queued.jpg', key)).toEqual(PHOTO);
    const [noteInit, photoInit] = fetchMock.mock.calls.map(([, init]) => init!);
    expect((noteInit!.headers as Record<string, string>)['Idempotency-Key']).toBe(key);
    expect(((photoInit!.body as FormData).get('file') as File).name).toBe('queued.jpg');
    expect((photoInit!.headers as Record<string, string>)['Idempotency-Key']).toBe(key);
  });
});
