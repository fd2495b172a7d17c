/**
 * Runs the identity checks once (OCR of a generated identity document, face detection and match
 * on sample photos) and prints what they found as JSON. The offline test runs it in a process
 * with no network at all, to show that nothing is downloaded at run time.
 */
import { parseIdentity } from '../src/modules/kyc/identity-fields';
import { createFaceEngine } from '../src/modules/kyc/face-engine';
import { createOcrEngine } from '../src/modules/kyc/ocr-engine';
import { applicantPhotos, sampleFaces } from './faces';
import { renderIdentityDocument, syntheticIdentity } from './identity-documents';

const identity = syntheticIdentity('RG', 11);
const ocr = createOcrEngine();
const text = await ocr.read(await renderIdentityDocument(identity));
await ocr.close();
const fields = parseIdentity(text.lines);

const engine = createFaceEngine();
const [crop] = await sampleFaces(engine);
const photos = await applicantPhotos(crop!);
const selfie = await engine.analyse(photos.selfie);
const document = await engine.analyseSmallFace(photos.document);
const similarity =
  selfie.faces[0] && document.faces[0]
    ? engine.similarity(selfie.faces[0], document.faces[0])
    : null;

const network = await fetch('https://registry.npmjs.org/').then(
  () => 'reachable',
  () => 'unreachable',
);

process.stdout.write(
  `${JSON.stringify({
    nome: fields.nome?.value ?? null,
    expectedNome: identity.nome,
    selfieFaces: selfie.faces.length,
    similarity,
    network,
  })}\n`,
);
