/**
 * The export's script: a click on a tree node shows that node's branch — its path from
 * the root, continued down while there is no fork — and hides every other entry. It reads
 * the tree from the `session-tree` JSON element (`{ leafId, nodes: [[id, parentId], …] }`).
 */
export const EXPORT_SCRIPT = `
(() => {
	const data = JSON.parse(document.getElementById("session-tree").textContent);
	const parent = new Map();
	const children = new Map();
	for (const [id, parentId] of data.nodes) {
		parent.set(id, parentId);
		if (!children.has(parentId)) children.set(parentId, []);
		children.get(parentId).push(id);
	}
	const branchOf = (id) => {
		const path = [];
		for (let at = id; at != null && path.length <= data.nodes.length; at = parent.get(at)) path.push(at);
		path.reverse();
		for (let next = children.get(id); next && next.length === 1 && path.length <= data.nodes.length; next = children.get(next[0])) path.push(next[0]);
		return new Set(path);
	};
	const show = (id) => {
		const branch = branchOf(id);
		for (const article of document.querySelectorAll("article.entry")) {
			article.hidden = !branch.has(article.dataset.id);
			article.classList.toggle("focused", article.dataset.id === id);
		}
		for (const node of document.querySelectorAll(".node")) {
			node.classList.toggle("on-path", branch.has(node.dataset.id));
			node.classList.toggle("selected", node.dataset.id === id);
		}
		document.getElementById("entry-" + id)?.scrollIntoView({ block: "nearest" });
	};
	document.querySelector(".tree").addEventListener("click", (event) => {
		const node = event.target.closest(".node");
		if (node) show(node.dataset.id);
	});
})();
`;
