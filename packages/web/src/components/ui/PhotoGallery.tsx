import { useEffect, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import {
  Box,
  CloseButton,
  Group,
  Image,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { API_PREFIX } from '@ayar/contract';
import { apiBlob } from '../../lib/api.ts';
import { toPersianDigits } from '../../lib/format.ts';
import { IconPhoto } from './icons.tsx';

export interface GalleryImage {
  full: string;
  thumb: string;
}

/** `/api/v1.0/Files/<id>` needs the signed-in user's token, which an <img> cannot send. */
export function needsAuth(src: string): boolean {
  return src.startsWith(`${API_PREFIX}/Files/`);
}

/** A file address's thumbnail (`?thumb=1`), for `/Files/<id>` and the public `/Results/Photo/…` alike. */
export function thumbOf(address: string): string {
  return `${address}${address.includes('?') ? '&' : '?'}thumb=1`;
}

/** Addresses as the gallery's images: each full image with its server-made thumbnail. */
export function galleryImages(addresses: readonly string[]): GalleryImage[] {
  return addresses.map((full) => ({ full, thumb: thumbOf(full) }));
}

/**
 * An image that may live behind the API's bearer token: public and blob addresses are used as they
 * are; a `/Files/<id>` address is fetched with the stored token and shown from a blob.
 */
export function AuthedImage({
  src,
  alt,
  style,
  fit = 'cover',
  w,
  h,
  mah,
  radius = 'sm',
}: {
  src: string;
  alt: string;
  style?: CSSProperties;
  fit?: 'cover' | 'contain';
  w?: number | string;
  h?: number | string;
  mah?: number | string;
  radius?: string;
}) {
  const [loaded, setLoaded] = useState<{ src: string; url: string | null } | null>(null);
  const authed = needsAuth(src);

  useEffect(() => {
    if (!authed) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiBlob(src, { signal: controller.signal, silent: true, background: true })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ src, url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ src, url: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, authed]);

  const url = authed ? (loaded?.src === src ? loaded.url : undefined) : src;
  if (url === undefined) {
    return (
      <Box w={w} h={h} style={{ display: 'grid', placeItems: 'center', ...style }} aria-label={alt}>
        <Loader size="xs" />
      </Box>
    );
  }
  if (url === null) {
    return (
      <Box
        w={w}
        h={h}
        c="dimmed"
        bg="gray.1"
        style={{ display: 'grid', placeItems: 'center', borderRadius: 6, ...style }}
        role="img"
        aria-label={`${alt} (بارگیری نشد)`}
      >
        <IconPhoto size={20} />
      </Box>
    );
  }
  return <Image src={url} alt={alt} w={w} h={h} mah={mah} fit={fit} radius={radius} style={style} />;
}

const selectedOutline = (selected: boolean): CSSProperties => ({
  outline: selected ? '3px solid var(--mantine-color-gold-6)' : '1px solid var(--mantine-color-gray-3)',
  outlineOffset: selected ? 1 : 0,
  borderRadius: 6,
  lineHeight: 0,
});

/** The full-size viewer: the large image, the thumbnails to switch between them, and close. */
function PhotoViewer({
  images,
  title,
  openIndex,
  onOpen,
}: {
  images: readonly GalleryImage[];
  title: string;
  openIndex: number | null;
  onOpen: (index: number | null) => void;
}) {
  const current = openIndex === null ? undefined : images[openIndex];
  const count = images.length;
  return (
    <Modal
      opened={current !== undefined}
      onClose={() => onOpen(null)}
      title={
        openIndex === null
          ? title
          : `${title} (${toPersianDigits(openIndex + 1)} از ${toPersianDigits(count)})`
      }
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'بستن' }}
    >
      {current && openIndex !== null && (
        <Stack gap="sm">
          <Box
            bg="dark.8"
            style={{ borderRadius: 8, display: 'grid', placeItems: 'center', minHeight: 200 }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft') onOpen((openIndex + 1) % count);
              if (event.key === 'ArrowRight') onOpen((openIndex - 1 + count) % count);
            }}
          >
            <AuthedImage
              src={current.full}
              alt={`عکس ${toPersianDigits(openIndex + 1)} از ${toPersianDigits(count)}`}
              fit="contain"
              mah="65vh"
              w="100%"
              radius="md"
            />
          </Box>
          {count > 1 && (
            <ScrollArea type="auto" offsetScrollbars>
              <Group gap="xs" wrap="nowrap" p={4}>
                {images.map((image, index) => (
                  <UnstyledButton
                    key={image.full}
                    onClick={() => onOpen(index)}
                    aria-label={`عکس ${toPersianDigits(index + 1)}`}
                    aria-pressed={index === openIndex}
                    style={selectedOutline(index === openIndex)}
                  >
                    <AuthedImage src={image.thumb} alt="" w={56} h={56} />
                  </UnstyledButton>
                ))}
              </Group>
            </ScrollArea>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Thumbnails that open a full-size viewer (docs/product.md §2.2, §2.9): the large image, the thumbnails to
 * switch between them, and a close button; the backdrop and Escape close it as well. Used by the
 * public result, the lab add and edit screens and the admin edit screen.
 */
export function PhotoGallery({
  images,
  title = 'عکس‌ها',
  thumbSize = 64,
  onRemove,
  children,
}: {
  images: readonly GalleryImage[];
  title?: string;
  thumbSize?: number;
  /** Shows a remove button on each thumbnail (the upload form). */
  onRemove?: (index: number) => void;
  /** More tiles after the thumbnails (photos still uploading). */
  children?: ReactNode;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = images.length;

  if (count === 0 && !children) {
    return (
      <Group gap={6} c="dimmed">
        <IconPhoto size={18} />
        <Text size="sm">بدون تصویر</Text>
      </Group>
    );
  }

  return (
    <>
      <Group gap="xs" role="list" aria-label={title}>
        {images.map((image, index) => (
          <Box key={image.full} role="listitem" pos="relative">
            <UnstyledButton
              onClick={() => setOpenIndex(index)}
              aria-label={`نمایش عکس ${toPersianDigits(index + 1)} از ${toPersianDigits(count)}`}
              style={selectedOutline(false)}
            >
              <AuthedImage src={image.thumb} alt="" w={thumbSize} h={thumbSize} />
            </UnstyledButton>
            {onRemove && (
              <CloseButton
                size="sm"
                radius="xl"
                aria-label={`حذف عکس ${toPersianDigits(index + 1)}`}
                onClick={() => onRemove(index)}
                style={{
                  position: 'absolute',
                  insetBlockStart: -8,
                  insetInlineEnd: -8,
                  background: 'var(--mantine-color-red-7)',
                  color: '#fff',
                  boxShadow: '0 0 0 2px #fff',
                }}
              />
            )}
          </Box>
        ))}
        {children}
      </Group>
      <PhotoViewer images={images} title={title} openIndex={openIndex} onOpen={setOpenIndex} />
    </>
  );
}
