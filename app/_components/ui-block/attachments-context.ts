"use client";
/**
 * The images a reply's `Image` may show: the host's list of the
 * conversation's attachments, by id, each with the URL the host built for
 * it. A model names an id; only an id on this list is drawn, from this
 * list's URL — an id it made up, or one from another chat, draws the
 * placeholder and fetches nothing. Where no conversation provides a list (a
 * gallery, the admin view of another person's tree), every image is a
 * placeholder.
 */
import { createContext, useContext } from "react";

/** One image the host can show. */
export type AttachmentSource = {
  /** Where its bytes are served to this viewer: built by the host, never from model text. */
  url: string;
  name: string;
  width?: number;
  height?: number;
};

/** The conversation's images by attachment id. */
export type AttachmentSources = ReadonlyMap<string, AttachmentSource>;

const NO_ATTACHMENTS: AttachmentSources = new Map();

/** The images of the conversation being drawn. */
export const AttachmentsContext = createContext<AttachmentSources>(NO_ATTACHMENTS);

/** The conversation's images (none outside a conversation). */
export function useAttachmentSources(): AttachmentSources {
  return useContext(AttachmentsContext);
}
