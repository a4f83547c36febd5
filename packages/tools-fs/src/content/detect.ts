/** Bytes looked at to tell text from binary (as git and ripgrep do, about 8 KB). */
export const SNIFF_BYTES = 8192;

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
	if (bytes.byteLength < offset + signature.length) return false;
	for (const [index, value] of signature.entries()) {
		if (bytes[offset + index] !== value) return false;
	}
	return true;
}

function ascii(text: string): number[] {
	return [...text].map((character) => character.charCodeAt(0));
}

/** The image types models accept, told by their magic bytes (not by the file name). */
export function detectImage(bytes: Uint8Array): ImageMimeType | undefined {
	if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
	if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
	if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
	if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
	return undefined;
}

export interface ImageSize {
	width: number;
	height: number;
}

/** Pixel size from an image's header, when the given bytes contain it. */
export function imageSize(bytes: Uint8Array, mimeType: ImageMimeType): ImageSize | undefined {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const fits = (end: number) => end <= bytes.byteLength;
	switch (mimeType) {
		case "image/png":
			return fits(24) ? { width: view.getUint32(16), height: view.getUint32(20) } : undefined;
		case "image/gif":
			return fits(10) ? { width: view.getUint16(6, true), height: view.getUint16(8, true) } : undefined;
		case "image/webp":
			return webpSize(bytes, view);
		case "image/jpeg":
			return jpegSize(bytes, view);
	}
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
	if (bytes.byteLength < 30) return undefined;
	if (startsWith(bytes, ascii("VP8 "), 12)) {
		return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
	}
	if (startsWith(bytes, ascii("VP8L"), 12)) {
		const b1 = bytes[22]!;
		const b2 = bytes[23]!;
		const b3 = bytes[24]!;
		return {
			width: 1 + (bytes[21]! | ((b1 & 0x3f) << 8)),
			height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)),
		};
	}
	if (startsWith(bytes, ascii("VP8X"), 12)) {
		const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
		const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
		return { width, height };
	}
	return undefined;
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
	let offset = 2;
	while (offset + 9 <= bytes.byteLength) {
		if (bytes[offset] !== 0xff) return undefined;
		const marker = bytes[offset + 1]!;
		// Start-of-frame markers carry the size; C4 (Huffman), C8 and CC (arithmetic) do not.
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
			return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
		}
		if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
			offset += 2;
			continue;
		}
		offset += 2 + view.getUint16(offset + 2);
	}
	return undefined;
}

/** Known binary formats, for a useful description instead of "binary". */
const BINARY_SIGNATURES: readonly { signature: number[]; offset?: number; mimeType: string; name: string }[] =
	[
		{ signature: ascii("%PDF-"), mimeType: "application/pdf", name: "PDF document" },
		{
			signature: [0x50, 0x4b, 0x03, 0x04],
			mimeType: "application/zip",
			name: "ZIP archive (or a format built on it)",
		},
		{ signature: [0x1f, 0x8b], mimeType: "application/gzip", name: "gzip-compressed data" },
		{ signature: ascii("BZh"), mimeType: "application/x-bzip2", name: "bzip2-compressed data" },
		{
			signature: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
			mimeType: "application/x-xz",
			name: "xz-compressed data",
		},
		{ signature: [0x28, 0xb5, 0x2f, 0xfd], mimeType: "application/zstd", name: "zstd-compressed data" },
		{ signature: ascii("7z"), mimeType: "application/x-7z-compressed", name: "7-Zip archive" },
		{ signature: ascii("ustar"), offset: 257, mimeType: "application/x-tar", name: "tar archive" },
		{ signature: [0x7f, 0x45, 0x4c, 0x46], mimeType: "application/x-elf", name: "ELF executable or library" },
		{ signature: [0xcf, 0xfa, 0xed, 0xfe], mimeType: "application/x-mach-binary", name: "Mach-O executable" },
		{
			signature: ascii("MZ"),
			mimeType: "application/vnd.microsoft.portable-executable",
			name: "Windows executable",
		},
		{ signature: [0x00, 0x61, 0x73, 0x6d], mimeType: "application/wasm", name: "WebAssembly module" },
		{ signature: [0xca, 0xfe, 0xba, 0xbe], mimeType: "application/java-vm", name: "Java class file" },
		{ signature: ascii("SQLite format 3"), mimeType: "application/vnd.sqlite3", name: "SQLite database" },
		{ signature: ascii("BM"), mimeType: "image/bmp", name: "BMP image (not attachable; convert it to PNG)" },
		{
			signature: [0x49, 0x49, 0x2a, 0x00],
			mimeType: "image/tiff",
			name: "TIFF image (not attachable; convert it to PNG)",
		},
		{ signature: [0x00, 0x00, 0x01, 0x00], mimeType: "image/x-icon", name: "ICO image" },
		{ signature: ascii("ID3"), mimeType: "audio/mpeg", name: "MP3 audio" },
		{ signature: ascii("OggS"), mimeType: "audio/ogg", name: "Ogg media" },
		{ signature: ascii("ftyp"), offset: 4, mimeType: "video/mp4", name: "MP4/QuickTime media" },
		{ signature: [0xff, 0xfe], mimeType: "text/plain; charset=utf-16le", name: "UTF-16 text (not shown)" },
		{ signature: [0xfe, 0xff], mimeType: "text/plain; charset=utf-16be", name: "UTF-16 text (not shown)" },
	];

export interface BinaryDescription {
	mimeType: string;
	name: string;
}

/** What a binary file is, as far as its first bytes tell. */
export function describeBinary(bytes: Uint8Array): BinaryDescription {
	for (const entry of BINARY_SIGNATURES) {
		if (startsWith(bytes, entry.signature, entry.offset ?? 0))
			return { mimeType: entry.mimeType, name: entry.name };
	}
	return { mimeType: "application/octet-stream", name: "binary data" };
}

/**
 * Whether the first bytes of a file look like binary rather than text: a NUL byte (the
 * rule git and ripgrep use), a UTF-16 byte order mark, or mostly control characters.
 */
export function looksBinary(sample: Uint8Array): boolean {
	const length = Math.min(sample.byteLength, SNIFF_BYTES);
	if (length === 0) return false;
	if (startsWith(sample, [0xff, 0xfe]) || startsWith(sample, [0xfe, 0xff])) return true;
	const head = sample.subarray(0, length);
	if (head.indexOf(0) !== -1) return true;
	// Control characters are counted over the first kilobyte: enough to tell, and cheap
	// when a search sniffs thousands of files.
	const counted = Math.min(length, 1024);
	let control = 0;
	for (let index = 0; index < counted; index++) {
		const byte = head[index]!;
		// Tab, LF, VT, FF, CR and ESC (ANSI colours in logs) are common in text.
		if (
			byte < 0x20 &&
			byte !== 9 &&
			byte !== 10 &&
			byte !== 11 &&
			byte !== 12 &&
			byte !== 13 &&
			byte !== 27
		) {
			control++;
		}
	}
	return control / counted > 0.3;
}
