import { Span } from "resource-routes/internal";

/** `newText` in place of `span` of the document at `uri`. */
export interface TextEdit {
  uri: string;
  span: Span;
  newText: string;
}

/** What a rename or a quick fix changes in the workspace, as one change. */
export interface WorkspaceChange {
  edits: TextEdit[];
  /** A file to create first (empty), which `edits` then fill. */
  createFile?: string;
  /** The change fails, rather than write into `createFile`, when that file exists already. */
  createOnly?: boolean;
  /** Files to rename once the edits are made (a renamed resource's controller module). */
  renameFiles?: Array<{ from: string; to: string }>;
  /** What the user should confirm before the change is made (the controller a rename changes). */
  note?: string;
}
