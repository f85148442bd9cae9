/**
 * An XML Schema for the part of UBL 2.1 this application writes, generated from content-model
 * tables (below) that transcribe the OASIS UBL 2.1 sequences element by element — including the
 * elements we never emit, so that an element in the wrong place or an unknown element fails.
 *
 * Why not the OASIS files themselves: no package on the npm registry or in Debian ships the UBL 2.1
 * XSDs, this machine cannot download from OASIS, and the project copies no files from public
 * repositories. Set UBL21_XSD_DIR to a directory holding the official `maindoc/` and `common/`
 * folders and the tests validate against those as well.
 *
 * Notation: `cbc:Name?` optional, `cac:Name*` any number, `cac:Name+` one or more, bare = exactly one.
 */
const NS = {
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

/** Document-level sequences (UBL-Invoice-2.1.xsd, UBL-CreditNote-2.1.xsd). */
const DOCUMENTS: Record<'Invoice' | 'CreditNote', string> = {
  Invoice: `cac:UBLExtensions? cbc:UBLVersionID? cbc:CustomizationID? cbc:ProfileID? cbc:ProfileExecutionID? cbc:ID
    cbc:CopyIndicator? cbc:UUID? cbc:IssueDate cbc:IssueTime? cbc:DueDate? cbc:InvoiceTypeCode? cbc:Note* cbc:TaxPointDate?
    cbc:DocumentCurrencyCode? cbc:TaxCurrencyCode? cbc:PricingCurrencyCode? cbc:PaymentCurrencyCode?
    cbc:PaymentAlternativeCurrencyCode? cbc:AccountingCostCode? cbc:AccountingCost? cbc:LineCountNumeric?
    cbc:BuyerReference? cac:InvoicePeriod* cac:OrderReference? cac:BillingReference* cac:DespatchDocumentReference*
    cac:ReceiptDocumentReference* cac:StatementDocumentReference* cac:OriginatorDocumentReference*
    cac:ContractDocumentReference* cac:AdditionalDocumentReference* cac:ProjectReference* cac:Signature*
    cac:AccountingSupplierParty cac:AccountingCustomerParty cac:PayeeParty? cac:BuyerCustomerParty?
    cac:SellerSupplierParty? cac:TaxRepresentativeParty? cac:Delivery* cac:DeliveryTerms? cac:PaymentMeans*
    cac:PaymentTerms* cac:PrepaidPayment* cac:AllowanceCharge* cac:TaxExchangeRate? cac:PricingExchangeRate?
    cac:PaymentExchangeRate? cac:PaymentAlternativeExchangeRate? cac:TaxTotal* cac:WithholdingTaxTotal*
    cac:LegalMonetaryTotal cac:InvoiceLine+`,
  CreditNote: `cac:UBLExtensions? cbc:UBLVersionID? cbc:CustomizationID? cbc:ProfileID? cbc:ProfileExecutionID? cbc:ID
    cbc:CopyIndicator? cbc:UUID? cbc:IssueDate cbc:IssueTime? cbc:TaxPointDate? cbc:CreditNoteTypeCode? cbc:Note*
    cbc:DocumentCurrencyCode? cbc:TaxCurrencyCode? cbc:PricingCurrencyCode? cbc:PaymentCurrencyCode?
    cbc:PaymentAlternativeCurrencyCode? cbc:AccountingCostCode? cbc:AccountingCost? cbc:LineCountNumeric?
    cbc:BuyerReference? cac:InvoicePeriod* cac:DiscrepancyResponse* cac:OrderReference? cac:BillingReference*
    cac:DespatchDocumentReference* cac:ReceiptDocumentReference* cac:ContractDocumentReference*
    cac:AdditionalDocumentReference* cac:StatementDocumentReference* cac:OriginatorDocumentReference*
    cac:Signature* cac:AccountingSupplierParty cac:AccountingCustomerParty cac:PayeeParty?
    cac:BuyerCustomerParty? cac:SellerSupplierParty? cac:TaxRepresentativeParty? cac:Delivery* cac:DeliveryTerms*
    cac:PaymentMeans* cac:PaymentTerms* cac:TaxExchangeRate? cac:PricingExchangeRate? cac:PaymentExchangeRate?
    cac:PaymentAlternativeExchangeRate? cac:AllowanceCharge* cac:TaxTotal* cac:LegalMonetaryTotal cac:CreditNoteLine+`,
};

/** Aggregate types (UBL-CommonAggregateComponents-2.1.xsd) that our documents reach. */
const AGGREGATES: Record<string, string> = {
  SupplierParty: `cbc:CustomerAssignedAccountID? cbc:AdditionalAccountID* cbc:DataSendingCapability? cac:Party?
    cac:DespatchContact? cac:AccountingContact? cac:SellerContact?`,
  CustomerParty: `cbc:CustomerAssignedAccountID? cbc:SupplierAssignedAccountID? cbc:AdditionalAccountID* cac:Party?
    cac:DeliveryContact? cac:AccountingContact? cac:BuyerContact?`,
  Party: `cbc:MarkCareIndicator? cbc:MarkAttentionIndicator? cbc:WebsiteURI? cbc:LogoReferenceID? cbc:EndpointID?
    cbc:IndustryClassificationCode? cac:PartyIdentification* cac:PartyName* cac:Language? cac:PostalAddress?
    cac:PhysicalLocation? cac:PartyTaxScheme* cac:PartyLegalEntity* cac:Contact? cac:Person* cac:AgentParty?
    cac:ServiceProviderParty* cac:PowerOfAttorney* cac:FinancialAccount?`,
  PartyIdentification: 'cbc:ID',
  PartyName: 'cbc:Name',
  Address: `cbc:ID? cbc:AddressTypeCode? cbc:AddressFormatCode? cbc:Postbox? cbc:Floor? cbc:Room? cbc:StreetName?
    cbc:AdditionalStreetName? cbc:BlockName? cbc:BuildingName? cbc:BuildingNumber? cbc:InhouseMail? cbc:Department?
    cbc:MarkAttention? cbc:MarkCare? cbc:PlotIdentification? cbc:CitySubdivisionName? cbc:CityName? cbc:PostalZone?
    cbc:CountrySubentity? cbc:CountrySubentityCode? cbc:Region? cbc:District? cbc:TimezoneOffset? cac:AddressLine*
    cac:Country? cac:LocationCoordinate*`,
  Country: 'cbc:IdentificationCode? cbc:Name?',
  PartyTaxScheme: `cbc:RegistrationName? cbc:CompanyID? cbc:TaxLevelCode? cbc:ExemptionReasonCode? cbc:ExemptionReason*
    cac:RegistrationAddress? cac:TaxScheme`,
  TaxScheme: 'cbc:ID? cbc:Name? cbc:TaxTypeCode? cbc:CurrencyCode? cac:JurisdictionRegionAddress*',
  PartyLegalEntity: `cbc:RegistrationName? cbc:CompanyID? cbc:RegistrationDate? cbc:RegistrationExpirationDate?
    cbc:CompanyLegalFormCode? cbc:CompanyLegalForm? cbc:SoleProprietorshipIndicator? cbc:CompanyLiquidationStatusCode?
    cbc:CorporateStockAmount? cbc:FullyPaidSharesIndicator? cac:RegistrationAddress? cac:CorporateRegistrationScheme?
    cac:HeadOfficeParty? cac:ShareholderParty*`,
  Contact:
    'cbc:ID? cbc:Name? cbc:Telephone? cbc:Telefax? cbc:ElectronicMail? cbc:Note* cac:OtherCommunication*',
  OrderReference: `cbc:ID cbc:SalesOrderID? cbc:CopyIndicator? cbc:UUID? cbc:IssueDate? cbc:IssueTime?
    cbc:CustomerReference? cbc:OrderTypeCode? cac:DocumentReference?`,
  BillingReference: `cac:InvoiceDocumentReference? cac:SelfBilledInvoiceDocumentReference? cac:CreditNoteDocumentReference?
    cac:SelfBilledCreditNoteDocumentReference? cac:DebitNoteDocumentReference? cac:ReminderDocumentReference?
    cac:AdditionalDocumentReference? cac:BillingReferenceLine*`,
  DocumentReference: `cbc:ID cbc:CopyIndicator? cbc:UUID? cbc:IssueDate? cbc:IssueTime? cbc:DocumentTypeCode?
    cbc:DocumentType? cbc:XPath* cbc:LanguageID? cbc:LocaleCode? cbc:VersionID? cbc:DocumentStatusCode?
    cbc:DocumentDescription* cac:Attachment? cac:ValidityPeriod? cac:IssuerParty? cac:ResultOfVerification?`,
  Delivery: `cbc:ID? cbc:Quantity? cbc:MinimumQuantity? cbc:MaximumQuantity? cbc:ActualDeliveryDate?
    cbc:ActualDeliveryTime? cbc:LatestDeliveryDate? cbc:LatestDeliveryTime? cbc:ReleaseID? cbc:TrackingID?
    cac:DeliveryAddress? cac:DeliveryLocation? cac:AlternativeDeliveryLocation? cac:RequestedDeliveryPeriod?
    cac:PromisedDeliveryPeriod? cac:EstimatedDeliveryPeriod? cac:CarrierParty? cac:DeliveryParty?
    cac:NotifyParty* cac:Despatch? cac:DeliveryTerms* cac:MinimumDeliveryUnit? cac:MaximumDeliveryUnit? cac:Shipment?`,
  PaymentMeans: `cbc:ID? cbc:PaymentMeansCode cbc:PaymentDueDate? cbc:PaymentChannelCode? cbc:InstructionID?
    cbc:InstructionNote* cbc:PaymentID* cac:CardAccount? cac:PayerFinancialAccount? cac:PayeeFinancialAccount?
    cac:CreditAccount? cac:PaymentMandate? cac:TradeFinancing?`,
  FinancialAccount: `cbc:ID? cbc:Name? cbc:AliasName? cbc:AccountTypeCode? cbc:AccountFormatCode? cbc:CurrencyCode?
    cbc:PaymentNote* cac:FinancialInstitutionBranch? cac:Country?`,
  PaymentTerms: `cbc:ID? cbc:PaymentMeansID* cbc:PrepaidPaymentReferenceID? cbc:Note* cbc:ReferenceEventCode?
    cbc:SettlementDiscountPercent? cbc:PenaltySurchargePercent? cbc:PaymentPercent? cbc:Amount?
    cbc:SettlementDiscountAmount? cbc:PenaltyAmount? cbc:PaymentTermsDetailsURI? cbc:PaymentDueDate?
    cbc:InstallmentDueDate? cbc:InvoicingPartyReference? cac:SettlementPeriod? cac:PenaltyPeriod? cac:ExchangeRate?
    cac:ValidityPeriod?`,
  AllowanceCharge: `cbc:ID? cbc:ChargeIndicator cbc:AllowanceChargeReasonCode? cbc:AllowanceChargeReason*
    cbc:MultiplierFactorNumeric? cbc:PrepaidIndicator? cbc:SequenceNumeric? cbc:Amount cbc:BaseAmount?
    cbc:AccountingCostCode? cbc:AccountingCost? cbc:PerUnitAmount? cac:TaxCategory* cac:TaxTotal? cac:PaymentMeans*`,
  TaxTotal:
    'cbc:TaxAmount cbc:RoundingAmount? cbc:TaxEvidenceIndicator? cbc:TaxIncludedIndicator? cac:TaxSubtotal*',
  TaxSubtotal: `cbc:TaxableAmount? cbc:TaxAmount cbc:CalculationSequenceNumeric? cbc:TransactionCurrencyTaxAmount?
    cbc:Percent? cbc:BaseUnitMeasure? cbc:PerUnitAmount? cbc:TierRange? cbc:TierRatePercent? cac:TaxCategory`,
  TaxCategory: `cbc:ID? cbc:Name? cbc:Percent? cbc:BaseUnitMeasure? cbc:PerUnitAmount? cbc:TaxExemptionReasonCode?
    cbc:TaxExemptionReason* cbc:TierRange? cbc:TierRatePercent? cac:TaxScheme`,
  MonetaryTotal: `cbc:LineExtensionAmount? cbc:TaxExclusiveAmount? cbc:TaxInclusiveAmount? cbc:AllowanceTotalAmount?
    cbc:ChargeTotalAmount? cbc:PrepaidAmount? cbc:PayableRoundingAmount? cbc:PayableAmount`,
  InvoiceLine: `cbc:ID cbc:UUID? cbc:Note* cbc:InvoicedQuantity? cbc:LineExtensionAmount cbc:TaxPointDate?
    cbc:AccountingCostCode? cbc:AccountingCost? cbc:PaymentPurposeCode? cbc:FreeOfChargeIndicator? cac:InvoicePeriod*
    cac:OrderLineReference* cac:DespatchLineReference* cac:ReceiptLineReference* cac:BillingReference*
    cac:DocumentReference* cac:PricingReference? cac:OriginatorParty? cac:Delivery* cac:PaymentTerms*
    cac:AllowanceCharge* cac:TaxTotal* cac:WithholdingTaxTotal* cac:Item cac:Price? cac:DeliveryTerms?
    cac:SubInvoiceLine* cac:ItemPriceExtension?`,
  CreditNoteLine: `cbc:ID cbc:UUID? cbc:Note* cbc:CreditedQuantity? cbc:LineExtensionAmount cbc:TaxPointDate?
    cbc:AccountingCostCode? cbc:AccountingCost? cbc:PaymentPurposeCode? cbc:FreeOfChargeIndicator?
    cac:DiscrepancyResponse* cac:OrderLineReference* cac:DespatchLineReference* cac:ReceiptLineReference*
    cac:BillingReference* cac:DocumentReference* cac:PricingReference? cac:OriginatorParty? cac:Delivery*
    cac:TaxTotal* cac:AllowanceCharge* cac:Item cac:Price? cac:DeliveryTerms* cac:SubCreditNoteLine*
    cac:ItemPriceExtension?`,
  Item: `cbc:Description* cbc:PackQuantity? cbc:PackSizeNumeric? cbc:CatalogueIndicator? cbc:Name?
    cbc:HazardousRiskIndicator? cbc:AdditionalInformation* cbc:Keyword* cbc:BrandName* cbc:ModelName*
    cac:BuyersItemIdentification? cac:SellersItemIdentification? cac:ManufacturersItemIdentification*
    cac:StandardItemIdentification? cac:CatalogueItemIdentification? cac:AdditionalItemIdentification*
    cac:CatalogueDocumentReference? cac:ItemSpecificationDocumentReference* cac:OriginCountry?
    cac:CommodityClassification* cac:TransactionConditions* cac:HazardousItem* cac:ClassifiedTaxCategory*
    cac:AdditionalItemProperty* cac:ManufacturerParty* cac:InformationContentProviderParty? cac:OriginAddress*
    cac:ItemInstance* cac:Certificate* cac:Dimension*`,
  ItemIdentification: `cbc:ID cbc:ExtendedID? cbc:BarcodeSymbologyID? cac:PhysicalAttribute* cac:MeasurementDimension*
    cac:IssuerParty?`,
  CommodityClassification:
    'cbc:NatureCode? cbc:CargoTypeCode? cbc:CommodityCode? cbc:ItemClassificationCode?',
  Price: `cbc:PriceAmount cbc:BaseQuantity? cbc:PriceChangeReason* cbc:PriceTypeCode? cbc:PriceType?
    cbc:OrderableUnitFactorRate? cac:ValidityPeriod* cac:PriceList? cac:AllowanceCharge* cac:PricingExchangeRate?`,
};

/** Aggregate elements whose type has another name. */
const AGGREGATE_TYPE_OF: Record<string, string> = {
  AccountingSupplierParty: 'SupplierParty',
  AccountingCustomerParty: 'CustomerParty',
  SellerSupplierParty: 'SupplierParty',
  BuyerCustomerParty: 'CustomerParty',
  PostalAddress: 'Address',
  RegistrationAddress: 'Address',
  DeliveryAddress: 'Address',
  SellerContact: 'Contact',
  BuyerContact: 'Contact',
  AccountingContact: 'Contact',
  DespatchContact: 'Contact',
  DeliveryContact: 'Contact',
  PayeeFinancialAccount: 'FinancialAccount',
  PayerFinancialAccount: 'FinancialAccount',
  ClassifiedTaxCategory: 'TaxCategory',
  InvoiceDocumentReference: 'DocumentReference',
  DespatchDocumentReference: 'DocumentReference',
  ReceiptDocumentReference: 'DocumentReference',
  AdditionalDocumentReference: 'DocumentReference',
  ContractDocumentReference: 'DocumentReference',
  OriginatorDocumentReference: 'DocumentReference',
  StatementDocumentReference: 'DocumentReference',
  CreditNoteDocumentReference: 'DocumentReference',
  LegalMonetaryTotal: 'MonetaryTotal',
  SellersItemIdentification: 'ItemIdentification',
  BuyersItemIdentification: 'ItemIdentification',
  StandardItemIdentification: 'ItemIdentification',
};

/** Basic components by unqualified data type; anything not listed is a text component. */
const BASIC_TYPE: Record<string, string[]> = {
  Amount:
    `TaxAmount TaxableAmount LineExtensionAmount TaxExclusiveAmount TaxInclusiveAmount AllowanceTotalAmount
    ChargeTotalAmount PrepaidAmount PayableRoundingAmount PayableAmount Amount BaseAmount PriceAmount RoundingAmount
    PerUnitAmount TransactionCurrencyTaxAmount CorporateStockAmount SettlementDiscountAmount PenaltyAmount`.split(
      /\s+/,
    ),
  Quantity:
    'InvoicedQuantity CreditedQuantity Quantity MinimumQuantity MaximumQuantity BaseQuantity PackQuantity'.split(
      ' ',
    ),
  Date: `IssueDate DueDate TaxPointDate ActualDeliveryDate LatestDeliveryDate PaymentDueDate RegistrationDate
    RegistrationExpirationDate InstallmentDueDate`.split(/\s+/),
  Time: 'IssueTime ActualDeliveryTime LatestDeliveryTime'.split(' '),
  Indicator: `CopyIndicator ChargeIndicator PrepaidIndicator TaxEvidenceIndicator TaxIncludedIndicator
    FreeOfChargeIndicator CatalogueIndicator HazardousRiskIndicator MarkCareIndicator MarkAttentionIndicator
    SoleProprietorshipIndicator FullyPaidSharesIndicator`.split(/\s+/),
  Numeric:
    'LineCountNumeric MultiplierFactorNumeric SequenceNumeric CalculationSequenceNumeric PackSizeNumeric'.split(
      ' ',
    ),
  Percent: 'Percent TierRatePercent SettlementDiscountPercent PenaltySurchargePercent PaymentPercent'.split(
    ' ',
  ),
  Identifier:
    `ID UBLVersionID CustomizationID ProfileID ProfileExecutionID UUID EndpointID CompanyID PaymentID
    InstructionID PaymentMeansID SalesOrderID LogoReferenceID ExtendedID BarcodeSymbologyID ReleaseID TrackingID
    CustomerAssignedAccountID SupplierAssignedAccountID AdditionalAccountID VersionID LanguageID
    PrepaidPaymentReferenceID`.split(/\s+/),
  Code: `InvoiceTypeCode CreditNoteTypeCode DocumentCurrencyCode TaxCurrencyCode PricingCurrencyCode PaymentCurrencyCode
    PaymentAlternativeCurrencyCode AccountingCostCode IdentificationCode PaymentMeansCode PaymentChannelCode
    AllowanceChargeReasonCode TaxExemptionReasonCode ItemClassificationCode CommodityCode NatureCode CargoTypeCode
    AddressTypeCode AddressFormatCode CountrySubentityCode TaxLevelCode ExemptionReasonCode TaxTypeCode CurrencyCode
    AccountTypeCode AccountFormatCode IndustryClassificationCode CompanyLegalFormCode CompanyLiquidationStatusCode
    DocumentTypeCode DocumentStatusCode OrderTypeCode PriceTypeCode ReferenceEventCode PaymentPurposeCode
    LocaleCode`.split(/\s+/),
};

const SIMPLE_CONTENT: Record<string, { base: string; attrs: Array<[string, boolean]> }> = {
  Amount: { base: 'xsd:decimal', attrs: [['currencyID', true]] },
  Quantity: { base: 'xsd:decimal', attrs: [['unitCode', false]] },
  Date: { base: 'xsd:date', attrs: [] },
  Time: { base: 'xsd:time', attrs: [] },
  Indicator: { base: 'xsd:boolean', attrs: [] },
  Numeric: { base: 'xsd:decimal', attrs: [['format', false]] },
  Percent: { base: 'xsd:decimal', attrs: [['format', false]] },
  Identifier: {
    base: 'xsd:normalizedString',
    attrs: [
      ['schemeID', false],
      ['schemeName', false],
      ['schemeAgencyID', false],
    ],
  },
  Code: {
    base: 'xsd:normalizedString',
    attrs: [
      ['listID', false],
      ['listAgencyID', false],
      ['listVersionID', false],
      ['name', false],
    ],
  },
  Text: { base: 'xsd:string', attrs: [['languageID', false]] },
};

type Particle = { prefix: 'cbc' | 'cac'; name: string; min: number; max: string };

function parse(model: string): Particle[] {
  return model
    .trim()
    .split(/\s+/)
    .map((token) => {
      const m = /^(cbc|cac):([A-Za-z]+)([?*+]?)$/.exec(token);
      if (!m) throw new Error(`Bad particle ${token}`);
      const occ = m[3] ?? '';
      return {
        prefix: m[1] as 'cbc' | 'cac',
        name: m[2] as string,
        min: occ === '?' || occ === '*' ? 0 : 1,
        max: occ === '*' || occ === '+' ? 'unbounded' : '1',
      };
    });
}

const sequence = (model: string) =>
  `<xsd:sequence>${parse(model)
    .map((p) => `<xsd:element ref="${p.prefix}:${p.name}" minOccurs="${p.min}" maxOccurs="${p.max}"/>`)
    .join('')}</xsd:sequence>`;

function allParticles(): Particle[] {
  return [...Object.values(DOCUMENTS), ...Object.values(AGGREGATES)].flatMap(parse);
}

function basicTypeOf(name: string): string {
  for (const [type, names] of Object.entries(BASIC_TYPE)) if (names.includes(name)) return type;
  return 'Text';
}

export function cbcSchema(): string {
  const names = [
    ...new Set(
      allParticles()
        .filter((p) => p.prefix === 'cbc')
        .map((p) => p.name),
    ),
  ].sort();
  const types = Object.entries(SIMPLE_CONTENT)
    .map(
      ([type, { base, attrs }]) =>
        `<xsd:complexType name="${type}Type"><xsd:simpleContent><xsd:extension base="${base}">${attrs
          .map(
            ([a, req]) =>
              `<xsd:attribute name="${a}" type="xsd:normalizedString" use="${req ? 'required' : 'optional'}"/>`,
          )
          .join('')}</xsd:extension></xsd:simpleContent></xsd:complexType>`,
    )
    .join('');
  const elements = names.map((n) => `<xsd:element name="${n}" type="cbc:${basicTypeOf(n)}Type"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:cbc="${NS.cbc}" targetNamespace="${NS.cbc}" elementFormDefault="qualified" attributeFormDefault="unqualified">${types}${elements}</xsd:schema>`;
}

export function cacSchema(): string {
  const names = [
    ...new Set(
      allParticles()
        .filter((p) => p.prefix === 'cac')
        .map((p) => p.name),
    ),
  ].sort();
  const types = Object.entries(AGGREGATES)
    .map(([type, model]) => `<xsd:complexType name="${type}Type">${sequence(model)}</xsd:complexType>`)
    .join('');
  const elements = names
    .map((n) => {
      const type = AGGREGATE_TYPE_OF[n] ?? n;
      // Aggregates we never write are left open; the ones we write are checked in full.
      return AGGREGATES[type]
        ? `<xsd:element name="${n}" type="cac:${type}Type"/>`
        : `<xsd:element name="${n}" type="xsd:anyType"/>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:cbc="${NS.cbc}" xmlns:cac="${NS.cac}" targetNamespace="${NS.cac}" elementFormDefault="qualified" attributeFormDefault="unqualified"><xsd:import namespace="${NS.cbc}" schemaLocation="cbc.xsd"/>${types}${elements}</xsd:schema>`;
}

export function documentSchema(root: 'Invoice' | 'CreditNote'): string {
  return `<?xml version="1.0" encoding="UTF-8"?><xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="${NS[root]}" xmlns:cbc="${NS.cbc}" xmlns:cac="${NS.cac}" targetNamespace="${NS[root]}" elementFormDefault="qualified" attributeFormDefault="unqualified"><xsd:import namespace="${NS.cbc}" schemaLocation="cbc.xsd"/><xsd:import namespace="${NS.cac}" schemaLocation="cac.xsd"/><xsd:element name="${root}" type="${root}Type"/><xsd:complexType name="${root}Type">${sequence(DOCUMENTS[root])}</xsd:complexType></xsd:schema>`;
}
