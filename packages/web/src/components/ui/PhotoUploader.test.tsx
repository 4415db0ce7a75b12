import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HttpResponse, fail, handle, handleUrl, requestsTo } from '../../test/server.ts';
import {
  COMPRESSION,
  PHOTO_ERRORS,
  PhotoError,
  PhotoUploader,
  compressInSteps,
  fitInside,
  preparePhoto,
  sniffImage,
  uploadPhoto,
} from './PhotoUploader.tsx';

const ADDRESS = '/api/v1.0/Files/0b0c7c8e-1d2e-4f00-9a3b-000000000001';

describe('the browser photo pipeline', () => {
  it('fits inside 1200×880 keeping the ratio, never enlarging', () => {
    expect(fitInside(4000, 3000)).toEqual({ width: 1173, height: 880 });
    expect(fitInside(3000, 1000)).toEqual({ width: 1200, height: 400 });
    expect(fitInside(1000, 3000)).toEqual({ width: 293, height: 880 });
    expect(fitInside(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('recognises JPEG and PNG by their first bytes', () => {
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('image/png');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('compresses from quality 0.5 downwards and stops once small enough', async () => {
    const qualities: number[] = [];
    const result = await compressInSteps(
      async (q) => {
        qualities.push(q);
        return new Blob([new Uint8Array(qualities.length < 4 ? 1000 : 100)]);
      },
      { targetBytes: 500 },
    );
    expect(qualities).toEqual([0.5, 0.47, 0.44, 0.41]);
    expect(result.steps).toBe(4);
    expect(result.quality).toBeCloseTo(0.41);
  });

  it('gives up after 15 steps (MAX_STEPS_EXCEEDED) when still over the limit', async () => {
    const encode = vi.fn(async () => new Blob([new Uint8Array(2000)]));
    await expect(compressInSteps(encode, { targetBytes: 500, hardLimit: 1000 })).rejects.toMatchObject({
      code: 'MAX_STEPS_EXCEEDED',
      message: PHOTO_ERRORS.MAX_STEPS_EXCEEDED,
    });
    expect(encode).toHaveBeenCalledTimes(COMPRESSION.maxSteps);
    // Over the wish but under the server's limit: taken after the 15th step.
    const ok = await compressInSteps(async () => new Blob([new Uint8Array(800)]), { targetBytes: 500 });
    expect(ok.steps).toBe(15);
  });

  it('refuses other types by declared type and by content (INVALID_EXTENSION)', async () => {
    const gif = new File(['GIF89a....'], 'a.gif', { type: 'image/gif' });
    await expect(preparePhoto(gif)).rejects.toMatchObject({ code: 'INVALID_EXTENSION' });
    const textAsJpeg = new File(['just some text'], 'a.jpg', { type: 'image/jpeg' });
    await expect(preparePhoto(textAsJpeg)).rejects.toBeInstanceOf(PhotoError);
  });
});

describe('uploadPhoto', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer t0k');
  });

  it('posts multipart Activity/photo with file[] and the bearer token, reporting progress', async () => {
    const uploads = handle(ROUTES.tests.addFile, ADDRESS);
    const progress: number[] = [];
    const address = await uploadPhoto(new Blob(['jpeg'], { type: 'image/jpeg' }), (f) => progress.push(f));
    expect(address).toBe(ADDRESS);
    const call = uploads.last!;
    expect(call.url.pathname).toBe('/api/v1.0/Tests/AddFile');
    expect(requestsTo(ROUTES.tests.addFile)[0]?.method).toBe('POST');
    expect(call.headers.get('authorization')).toBe('bearer t0k');
    const form = call.body as FormData;
    expect(form.get('typeName')).toBe('Activity');
    expect(form.get('fileType')).toBe('photo');
    expect(form.get('file[]')).toBeInstanceOf(Blob);
    // The fake server takes the body at once: the progress ends at the whole photo.
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects with the server’s message', async () => {
    fail(ROUTES.tests.addFile, 'فقط عکس JPEG', { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expect(uploadPhoto(new Blob(['x']), () => {})).rejects.toThrow('فقط عکس JPEG');
  });
});

describe('PhotoUploader', () => {
  beforeEach(() => {
    // The thumbnails are stored files; none exists here.
    handleUrl('/api/v1.0/Files/*', () => new HttpResponse(null, { status: 404 }));
  });

  it('refuses a file that is not JPEG or PNG with a Persian message and uploads nothing', async () => {
    const onChange = vi.fn();
    renderWithProviders(<PhotoUploader value={[]} onChange={onChange} />);
    const input = screen.getByTestId('photo-input');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.7'], 'doc.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(`doc.pdf: ${PHOTO_ERRORS.INVALID_EXTENSION}`)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(requestsTo(ROUTES.tests.addFile)).toHaveLength(0);
  });

  it('shows the uploaded photos as thumbnails and removes one', async () => {
    const onChange = vi.fn();
    const second = ADDRESS.replace(/1$/, '2');
    const user = userEvent.setup();
    renderWithProviders(<PhotoUploader value={[ADDRESS, second]} onChange={onChange} />);
    expect(screen.getAllByRole('button', { name: /نمایش عکس/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'حذف عکس ۱' }));
    expect(onChange).toHaveBeenCalledWith([second]);
  });

  it('disables picking once the maximum is reached', async () => {
    renderWithProviders(<PhotoUploader value={[ADDRESS]} onChange={() => {}} max={1} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'انتخاب عکس' })).toBeDisabled());
  });
});
