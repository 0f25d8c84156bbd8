/** Real pictures for the upload tests, made with sharp (the library the server decodes them with). */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small picture of one colour, encoded as `format`. */
export function picture(format: 'png' | 'jpeg', width = 8, height = 8): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A JPEG carrying EXIF (a camera, a GPS position, a comment) and a rotation, as phones write them. */
export function jpegWithExif(width = 16, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Model X', ImageDescription: 'home address inside' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '25/1 12/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '55/1 16/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid PNG of side × side black pixels, 1 bit each: a 30000 × 30000 one is about 110 KB
 * on the wire and 900 megapixels (2.7 GB as RGB) once decoded. The zero rows compress to almost
 * nothing, so they are deflated once as one buffer of 112 MB at most.
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // the filter byte and the row's bits, all 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(rowBytes * side), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
