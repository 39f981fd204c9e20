/** A file part as the multipart parser hands it over: the bytes up to the endpoint's cap, and the client's claims. */
export type ReceivedFile = {
  data: Buffer;
  /** the part was longer than the cap: `data` holds only its beginning */
  truncated: boolean;
  /** the client's name and type: logged at most, never trusted, never used as a storage name */
  clientFileName: string;
  clientMimeType: string;
};
