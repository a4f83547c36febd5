import { describe, expect, it } from "vitest";
import { describeBinary, detectImage, imageSize, looksBinary } from "./detect.js";

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

describe("detectImage and imageSize", () => {
	it("tells PNG, JPEG, GIF and WebP by magic bytes", () => {
		expect(detectImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
		expect(detectImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
		expect(detectImage(new Uint8Array(ascii("GIF89a")))).toBe("image/gif");
		expect(detectImage(new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP")]))).toBe("image/webp");
		expect(detectImage(new Uint8Array(ascii("<svg>")))).toBeUndefined();
	});

	it("reads the pixel size of GIF and the three WebP variants", () => {
		const gif = new Uint8Array([...ascii("GIF89a"), 0x40, 0x01, 0xf0, 0x00]);
		expect(imageSize(gif, "image/gif")).toEqual({ width: 320, height: 240 });
		const header = (kind: string) => {
			const bytes = new Uint8Array(30);
			bytes.set([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP"), ...ascii(kind)]);
			return bytes;
		};
		const lossy = header("VP8 ");
		lossy.set([0x40, 0x01, 0xf0, 0x00], 26);
		expect(imageSize(lossy, "image/webp")).toEqual({ width: 320, height: 240 });
		const lossless = header("VP8L");
		// width-1 = 319 (14 bits), height-1 = 239 (14 bits), packed little-endian from byte 21.
		const packed = 319 | (239 << 14);
		lossless.set(
			[0x2f, packed & 0xff, (packed >> 8) & 0xff, (packed >> 16) & 0xff, (packed >> 24) & 0xff],
			20,
		);
		expect(imageSize(lossless, "image/webp")).toEqual({ width: 320, height: 240 });
		const extended = header("VP8X");
		extended.set([0x3f, 0x01, 0x00, 0xef, 0x00, 0x00], 24);
		expect(imageSize(extended, "image/webp")).toEqual({ width: 320, height: 240 });
	});
});

describe("looksBinary", () => {
	it("treats a NUL byte as binary", () => {
		expect(looksBinary(new Uint8Array([0x61, 0x00, 0x62]))).toBe(true);
	});

	it("treats UTF-8 text, tabs, CRLF and ANSI colours as text", () => {
		expect(looksBinary(new TextEncoder().encode("héllo\tworld\r\n\u001b[31mred\u001b[0m\n"))).toBe(false);
	});

	it("treats mostly control characters as binary", () => {
		expect(looksBinary(new Uint8Array([1, 2, 3, 4, 0x61]))).toBe(true);
	});

	it("treats UTF-16 (byte order mark) as binary", () => {
		expect(looksBinary(new Uint8Array([0xff, 0xfe, 0x61, 0x00]))).toBe(true);
	});
});

describe("describeBinary", () => {
	it("names common formats", () => {
		expect(describeBinary(new Uint8Array(ascii("%PDF-1.7"))).mimeType).toBe("application/pdf");
		expect(describeBinary(new Uint8Array([0x50, 0x4b, 0x03, 0x04])).name).toContain("ZIP");
		expect(describeBinary(new Uint8Array([0x01, 0x02])).mimeType).toBe("application/octet-stream");
	});
});
