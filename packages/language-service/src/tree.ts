/**
 * Walking the parser's tree (../parser/src/syntax/ast.ts). No parsing here:
 * the nodes around a cursor come from `cursorAt` (./cursor.ts).
 */
import type { Entry, Node } from "@hdlp/parser";

/** Every child node of `node`, in text order. */
export function childrenOf(node: Node): readonly Node[] {
  switch (node.kind) {
    case "map":
      return node.entries;
    case "list":
      return node.items;
    case "entry":
      return node.value ? [node.key, node.value] : [node.key];
    default:
      return [];
  }
}

/** The entries of a chain of nodes, outermost first: their keys are the field path (`params_schema.cmd.type`). */
export function entriesOf(chain: readonly Node[]): Entry[] {
  return chain.filter((n): n is Entry => n.kind === "entry");
}
