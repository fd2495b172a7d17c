import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { UploadedDocument } from '@medipay/shared/documents';
import type { FileKind } from '@medipay/shared/files';
import type { Flow } from '@medipay/shared/status';
import type { CameraFacing } from '../camera/camera-capture';
import { FileUpload } from './file-upload';

export type DocumentFieldProps<Values extends FieldValues> = {
  control: Control<Values>;
  /** The document field of the spec, also the form field's name. */
  name: FieldPath<Values>;
  flow: Flow;
  kind: FileKind;
  label: string;
  camera?: CameraFacing;
};

/** A form's document: the upload bound to its field, checked again as soon as it changes. */
export function DocumentField<Values extends FieldValues>({
  control,
  name,
  flow,
  kind,
  label,
  camera,
}: DocumentFieldProps<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FileUpload
      flow={flow}
      field={name}
      kind={kind}
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
