import { describe, expect, it } from "vitest";
import { stripTerminalSequences } from "../../src/bash/display-text.js";

const ESC = "\x1b";

describe("stripTerminalSequences", () => {
	it("removes CSI sequences, with private markers, sub-parameters and intermediates", () => {
		expect(stripTerminalSequences(`${ESC}[1;31mred${ESC}[0m ${ESC}[38;2;255;0;0mtrue${ESC}[m`)).toBe(
			"red true",
		);
		expect(stripTerminalSequences(`a${ESC}[?25lb${ESC}[?2004hc`)).toBe("abc");
		expect(stripTerminalSequences(`a${ESC}[>4;1mb${ESC}[<uc${ESC}[=5ud`)).toBe("abcd");
		expect(stripTerminalSequences(`a${ESC}[4:3mb${ESC}[38:2::255:0:0mc`)).toBe("abc");
		expect(stripTerminalSequences(`a${ESC}[2 qb${ESC}[!pc`)).toBe("abc");
	});

	it("removes charset designations (ESC ( X, ESC ) X, with an intermediate)", () => {
		expect(stripTerminalSequences(`${ESC}[1mbold${ESC}(B${ESC}[m done`)).toBe("bold done");
		expect(stripTerminalSequences(`a${ESC})0b${ESC}(0c${ESC}(%5d`)).toBe("abcd");
	});

	it("removes the other escapes with intermediates (ESC # 8, ESC % G, ESC SP F)", () => {
		expect(stripTerminalSequences(`a${ESC}#8b${ESC}%Gc${ESC} Fd`)).toBe("abcd");
	});

	it("removes OSC sequences ending in BEL or ST, titles with spaces included", () => {
		expect(stripTerminalSequences(`a${ESC}]0;user@host: ~/my project\x07b`)).toBe("ab");
		expect(stripTerminalSequences(`a${ESC}]0;my title here\x07b`)).toBe("ab");
		expect(stripTerminalSequences(`a${ESC}]2;a title${ESC}\\b`)).toBe("ab");
		expect(
			stripTerminalSequences(`${ESC}]8;;https://example.com/a?b=c${ESC}\\link${ESC}]8;;${ESC}\\ done`),
		).toBe("link done");
	});

	it("removes an OSC sequence cut off by the end of the output", () => {
		expect(stripTerminalSequences(`a${ESC}]0;half a title`)).toBe("a");
	});

	it("removes DCS, APC, PM and SOS strings", () => {
		expect(stripTerminalSequences(`a${ESC}P1$r0m${ESC}\\b`)).toBe("ab");
		expect(stripTerminalSequences(`a${ESC}Pq#0;2;0;0;0#0~~@@${ESC}\\b`)).toBe("ab");
		expect(stripTerminalSequences(`a${ESC}_Ga=T,f=100;AAAA${ESC}\\b`)).toBe("ab");
		expect(stripTerminalSequences(`a${ESC}^private${ESC}\\b${ESC}Xstring${ESC}\\c`)).toBe("abc");
	});

	it("removes single-character escapes and keeps the text after them", () => {
		expect(stripTerminalSequences(`${ESC}712 items ${ESC}8100%`)).toBe("12 items 100%");
		expect(stripTerminalSequences(`a${ESC}=b${ESC}>c${ESC}Md${ESC}Ee${ESC}cf${ESC}Dg`)).toBe("abcdefg");
	});

	it("leaves text without escapes, carriage returns and other control characters alone", () => {
		const text = "[1m (B ]0; plain\r\n10%\r\x07\x00";
		expect(stripTerminalSequences(text)).toBe(text);
	});
});
