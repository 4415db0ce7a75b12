import { Stack, Text } from '@mantine/core';
import { PhotoGallery, galleryImages } from '../../../components/ui/PhotoGallery.tsx';

/**
 * The packet's photos on the admin's edit screen (docs/product.md §2.14): read-only thumbnails (the server's
 * `?thumb=1`) that open the full-size viewer; the shared gallery fetches them with the login's token.
 */
export function PacketPhotos({ images }: { images: readonly string[] }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="packet-photos">
        تصاویر
      </Text>
      <PhotoGallery images={galleryImages(images)} title="تصاویر بسته" thumbSize={80} />
    </Stack>
  );
}
