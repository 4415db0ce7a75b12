import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HttpResponse, handleUrl, requestsTo } from '../../test/server.ts';
import { PhotoGallery, galleryImages, thumbOf } from './PhotoGallery.tsx';

const PUBLIC = [
  '/api/v1.0/Results/Photo/tok/a',
  '/api/v1.0/Results/Photo/tok/b',
  '/api/v1.0/Results/Photo/tok/c',
];

describe('PhotoGallery', () => {
  it('says «بدون تصویر» when there is no photo', () => {
    renderWithProviders(<PhotoGallery images={[]} />);
    expect(screen.getByText('بدون تصویر')).toBeInTheDocument();
  });

  it('opens the full-size viewer from a thumbnail, switches by thumbnails and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PhotoGallery images={galleryImages(PUBLIC)} title="عکس‌های بسته" />);
    const thumbs = screen.getAllByRole('button', { name: /نمایش عکس/ });
    expect(thumbs).toHaveLength(3);
    expect(thumbs[1]!.querySelector('img')).toHaveAttribute('src', thumbOf(PUBLIC[1]!));

    await user.click(thumbs[1]!);
    const dialog = await screen.findByRole('dialog', { name: /عکس‌های بسته \(۲ از ۳\)/ });
    expect(within(dialog).getByRole('img', { name: 'عکس ۲ از ۳' })).toHaveAttribute('src', PUBLIC[1]);
    expect(within(dialog).getByRole('button', { name: 'عکس ۲' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'عکس ۳' }));
    expect(within(dialog).getByRole('img', { name: 'عکس ۳ از ۳' })).toHaveAttribute('src', PUBLIC[2]);

    await user.click(within(dialog).getByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo()).toEqual([]); // public addresses are the <img>'s own; nothing is fetched
  });

  it('loads a signed-in file address with the stored token and shows it from a blob', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'bearer secret-token');
    const createObjectURL = vi.fn(() => 'blob:photo-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const address = '/api/v1.0/Files/0b0c7c8e-1d2e-4f00-9a3b-000000000001';
    const files = handleUrl(
      address,
      () => new HttpResponse(new Blob(['x'], { type: 'image/jpeg' }), { status: 200 }),
    );
    renderWithProviders(<PhotoGallery images={galleryImages([address])} />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /نمایش عکس/ }).querySelector('img')).toHaveAttribute(
        'src',
        'blob:photo-1',
      ),
    );
    expect(files[0]!.url.pathname + files[0]!.url.search).toBe(`${address}?thumb=1`);
    expect(files[0]!.headers.get('authorization')).toBe('bearer secret-token');
  });

  it('shows a remove button on each thumbnail when asked', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PhotoGallery images={galleryImages(PUBLIC)} onRemove={onRemove} />);
    await user.click(screen.getByRole('button', { name: 'حذف عکس ۲' }));
    expect(onRemove).toHaveBeenCalledWith(1);
  });
});
