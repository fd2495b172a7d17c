import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { UploadedDocument } from '@medipay/shared/documents';
import {
  fileFieldLabels,
  pfFileFields,
  pjFileFields,
  type FileKind,
  type PfFileField,
  type PjFileField,
} from '@medipay/shared/files';
import type { Flow } from '@medipay/shared/status';
import type { CameraFacing } from '../camera/camera-capture';
import { FileUpload } from './file-upload';

/** A document field of either flow (files.ts). */
export type DocumentFieldName = PfFileField | PjFileField;

/** What each document field of both flows accepts. */
const fileKinds: Record<DocumentFieldName, FileKind> = { ...pfFileFields, ...pjFileFields };

export type DocumentFieldProps<Values extends FieldValues> = {
  control: Control<Values>;
  /** The document field of the spec, also the form field's name: it says what the file may be. */
  name: FieldPath<Values> & DocumentFieldName;
  flow: Flow;
  /** The field's name for the applicant (files.ts) unless told. */
  label?: string;
  camera?: CameraFacing;
};

/** A form's document: the upload bound to its field, checked again as soon as it changes. */
export function DocumentField<Values extends FieldValues>({
  control,
  name,
  flow,
  label = fileFieldLabels[name],
  camera,
}: DocumentFieldProps<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FileUpload
      flow={flow}
      field={name}
      kind={fileKinds[name]}
      label={label}
      {...(camera && { camera })}
      value={(field.value as UploadedDocument | null | undefined) ?? null}
      onChange={(document) => {
        field.onChange(document);
        field.onBlur();
      }}
      error={fieldState.error?.message}
    />
  );
}
