import { useEffect, useMemo, useRef } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import styled from 'styled-components';
import { notify, tooLargeMessage, uploadLimits, useUserId } from 'shared';
import { uploadEditorImage } from './api';

// The editor of spec §9: snow theme; headers 1–3; fonts default, serif, monospace; sizes small,
// normal, large, huge; alignments; indent (Quill's levels 1–8); lists; links, images, video; undo
// history of 100 entries merging changes within 1000 ms. Quill's own behaviour covers the rest of
// §9 (video URLs of YouTube and Vimeo become embed URLs, image URLs only http/https/data, an e-mail
// in the link tooltip becomes mailto:). Beyond the spec: an image from the toolbar, a paste or a
// drop is uploaded through the API and embedded by its URL, never as base64.

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

// Quill 2's semantic HTML (what the editor hands the form) writes a video as a link to it; a
// reflection keeps it as the player (an iframe of YouTube or Vimeo, which both sanitisers allow).
const { Quill } = ReactQuill;
const Video = Quill.import('formats/video') as new (...args: never[]) => { domNode: HTMLElement; html(): string };
class VideoPlayer extends Video {
  html() {
    return this.domNode.outerHTML;
  }
}
Quill.register({ 'formats/video': VideoPlayer }, true);

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  [{ font: [] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  [{ align: [] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  ['link', 'image', 'video'],
  ['clean'],
];

/** Names for the toolbar's controls: Quill draws them as icons without one (axe: aria-command-name). */
const CONTROL_NAMES: Record<string, string> = {
  'ql-bold': 'Bold',
  'ql-italic': 'Italic',
  'ql-underline': 'Underline',
  'ql-strike': 'Strikethrough',
  'ql-list:ordered': 'Numbered list',
  'ql-list:bullet': 'Bulleted list',
  'ql-indent:-1': 'Decrease indent',
  'ql-indent:+1': 'Increase indent',
  'ql-link': 'Link',
  'ql-image': 'Image',
  'ql-video': 'Video',
  'ql-clean': 'Clear formatting',
  'ql-header': 'Heading',
  'ql-font': 'Font',
  'ql-size': 'Text size',
  'ql-align': 'Alignment',
};

/** Gives every button and picker of the toolbar an accessible name (its items get their value). */
function nameToolbarControls(toolbar: HTMLElement): void {
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = [...button.classList].find((name) => name.startsWith('ql-'));
    if (!format) continue;
    const name = CONTROL_NAMES[`${format}:${button.value}`] ?? CONTROL_NAMES[format];
    if (name) button.setAttribute('aria-label', name);
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format = [...picker.classList].find((name) => name.startsWith('ql-') && name !== 'ql-picker');
    const name = format ? CONTROL_NAMES[format] : undefined;
    if (name) picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      if (!item.getAttribute('aria-label')) item.setAttribute('aria-label', item.dataset.value ?? 'Normal');
    }
  }
}

const Frame = styled.div<{ $invalid: boolean }>`
  .ql-toolbar.ql-snow {
    border-radius: ${({ theme }) => theme.radius} ${({ theme }) => theme.radius} 0 0;
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
    font-family: inherit;
  }
  .ql-container.ql-snow {
    border-radius: 0 0 ${({ theme }) => theme.radius} ${({ theme }) => theme.radius};
    border-color: ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
    font: inherit;
    background: ${({ theme }) => theme.color.surface};
  }
  .ql-editor {
    min-height: 160px;
    font-size: ${({ theme }) => theme.font.size.body};
  }
  .ql-editor:focus {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
  .ql-editor img {
    max-width: 100%;
  }
`;

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  /** Where the editor's root gets focus from (its label). */
  focusRef?: React.MutableRefObject<(() => void) | undefined>;
}

/** The Quill editor; this module (and Quill with it) is loaded only by screens that edit rich text. */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid,
  focusRef,
}: RichTextEditorProps) {
  const userId = useUserId();
  const quillRef = useRef<ReactQuill>(null);

  const modules = useMemo(() => {
    /** Uploads the images and inserts them, in order, where the selection is. */
    const insertImages = async (index: number, files: File[]) => {
      const quill = quillRef.current?.getEditor();
      if (!quill) return;
      let at = index;
      const limits = await uploadLimits();
      for (const file of files.filter((f) => IMAGE_TYPES.includes(f.type))) {
        // A picture past the server's limit is refused here, in the server's words, before it is sent.
        if (limits && file.size > limits.imageMaxBytes) {
          notify.error(tooLargeMessage('The image', limits.imageMaxBytes));
          continue;
        }
        try {
          const url = await uploadEditorImage(userId, file);
          quill.insertEmbed(at, 'image', url, 'user');
          at += 1;
          quill.setSelection(at, 0, 'user');
        } catch {
          // The API client showed the server's message.
        }
      }
    };
    return {
      toolbar: {
        container: TOOLBAR,
        handlers: {
          image() {
            const input = document.createElement('input');
            input.type = 'file';
            input.accept = IMAGE_TYPES.join(',');
            input.onchange = () => {
              const quill = quillRef.current?.getEditor();
              const index = quill?.getSelection(true)?.index ?? quill?.getLength() ?? 0;
              void insertImages(index, Array.from(input.files ?? []));
            };
            input.click();
          },
        },
      },
      // Paste and drop of image files (Quill's default would embed them as base64).
      uploader: {
        mimetypes: IMAGE_TYPES,
        handler: (range: { index: number }, files: File[]) => void insertImages(range.index, files),
      },
      history: { delay: 1000, maxStack: 100, userOnly: true },
    };
  }, [userId]);

  // The editable area is a div: label it, describe it and mark it as a text box for assistive technology.
  useEffect(() => {
    const quill = quillRef.current?.getEditor();
    if (!quill) return;
    const root = quill.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelId);
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
    if (focusRef) focusRef.current = () => quill.focus();
    const toolbar = (quill.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
    if (toolbar) nameToolbarControls(toolbar);
  }, [labelId, describedBy, invalid, focusRef]);

  return (
    <Frame $invalid={invalid}>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        modules={modules}
        onChange={(html, _delta, source) => {
          // Only the administrator's edits change the form (Quill's own normalising does not make it dirty).
          if (source === 'user') onChange(html);
        }}
        onBlur={() => onBlur()}
      />
    </Frame>
  );
}
