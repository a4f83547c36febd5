/** The parts of Ink's `Key` that the interactive mode reads (so pure code does not import Ink). */
export interface KeyPress {
	return: boolean;
	escape: boolean;
	ctrl: boolean;
	meta: boolean;
	backspace: boolean;
	delete: boolean;
	upArrow: boolean;
	downArrow: boolean;
	leftArrow: boolean;
	rightArrow: boolean;
	home: boolean;
	end: boolean;
	tab: boolean;
}

/** A key press with every flag off except those given (for tests and synthetic keys). */
export function keyPress(flags: Partial<KeyPress> = {}): KeyPress {
	return {
		return: false,
		escape: false,
		ctrl: false,
		meta: false,
		backspace: false,
		delete: false,
		upArrow: false,
		downArrow: false,
		leftArrow: false,
		rightArrow: false,
		home: false,
		end: false,
		tab: false,
		...flags,
	};
}
